import type { ReactNode } from 'react';

export type Section = 'dashboard' | 'library' | 'courses' | 'practice' | 'admin' | 'profile';

/**
 * Per-section artwork: CSS gradients plus a small inline SVG motif (no image requests). The dashboard has
 * none: its header shows the learner's level instead (`aside`), not a decorative circle.
 */
const MOTIFS: Record<Exclude<Section, 'dashboard'>, ReactNode> = {
  library: <path d="M20 64V16h22v48zM48 64V22h18v42zM72 64l10-46 16 4-10 46z" />,
  courses: <path d="M12 34 60 14l48 20-48 20zM30 44v16c18 10 42 10 60 0V44" />,
  practice: <path d="M18 18h36v44H18zM64 18h36v44H64zM30 40h12M76 40h12" />,
  admin: <path d="M60 12l34 12v18c0 20-14 32-34 38-20-6-34-18-34-38V24z" />,
  profile: <path d="M60 40a14 14 0 1 0 0-28 14 14 0 0 0 0 28zM30 70c4-16 16-22 30-22s26 6 30 22z" />,
};

/** `aside` takes the artwork's place with something meaningful (the dashboard's level badge). */
export function SectionHeader({
  section,
  title,
  subtitle,
  aside,
}: {
  section: Section;
  title: string;
  subtitle?: string;
  aside?: ReactNode;
}) {
  return (
    <header className={`vk-section-header vk-section-header--${section}`}>
      <div>
        <h1 className="vk-section-header__title">{title}</h1>
        {subtitle ? <p className="vk-section-header__subtitle">{subtitle}</p> : null}
      </div>
      {aside ??
        (section === 'dashboard' ? null : (
          <svg className="vk-section-header__art" viewBox="0 0 120 80" aria-hidden="true" focusable="false">
            {MOTIFS[section]}
          </svg>
        ))}
    </header>
  );
}
