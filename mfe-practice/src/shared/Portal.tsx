import type { ReactNode } from 'react';
import { SectionHeader } from '@verba/kit';
import { PortalNav } from './PortalNav';
import './practice.css';

/** Every practice page: the section header, the portal's navigation, then the page. */
export function Portal({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="pr-page">
      <SectionHeader section="practice" title={title} {...(subtitle ? { subtitle } : {})} />
      <PortalNav />
      {children}
    </main>
  );
}
