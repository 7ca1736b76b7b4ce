import * as ProgressPrimitive from '@radix-ui/react-progress';
import './ui.css';

/** Clamp to 0..100; anything that is not a finite number counts as 0. */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

export interface ProgressBarProps {
  /** Percent complete, 0–100; values outside are clamped. */
  value: number;
  /** Accessible name, e.g. "Upload progress" (or use aria-labelledby). */
  label?: string;
  'aria-labelledby'?: string;
  className?: string;
}

/** role="progressbar" with aria-valuemin 0, aria-valuemax 100 and aria-valuenow = the clamped value. */
export function ProgressBar({ value, label, className = '', ...aria }: ProgressBarProps) {
  const clamped = clampProgress(value);
  return (
    <ProgressPrimitive.Root
      className={`vk-progress ${className}`.trim()}
      value={clamped}
      max={100}
      aria-label={label}
      aria-labelledby={aria['aria-labelledby']}
      getValueLabel={(v) => `${Math.round(v)}%`}
    >
      <ProgressPrimitive.Indicator className="vk-progress__indicator" style={{ transform: `translateX(-${100 - clamped}%)` }} />
    </ProgressPrimitive.Root>
  );
}
