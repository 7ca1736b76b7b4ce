import * as SwitchPrimitive from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';
import './ui.css';

export interface SwitchProps {
  /** Visible label, associated with the switch. */
  label: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  /** Form field name (a hidden input is rendered inside a form). */
  name?: string;
  id?: string;
  className?: string;
}

/** On/off switch: a button with role="switch" and aria-checked. */
export function Switch({ label, checked, defaultChecked, onCheckedChange, disabled, name, id, className = '' }: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  return (
    <div className={`vk-switch-field ${className}`.trim()}>
      <SwitchPrimitive.Root
        id={switchId}
        className="vk-switch"
        checked={checked}
        defaultChecked={defaultChecked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        name={name}
      >
        <SwitchPrimitive.Thumb className="vk-switch__thumb" />
      </SwitchPrimitive.Root>
      <label htmlFor={switchId} className="vk-switch-field__label">
        {label}
      </label>
    </div>
  );
}
