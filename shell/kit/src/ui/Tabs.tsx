import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import './ui.css';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  value?: string;
  /** Initially selected tab when uncontrolled; defaults to the first tab. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
}

/** Tab list + panels (arrow keys move between tabs, the focused tab is activated). */
export function Tabs({ tabs, label, value, defaultValue, onValueChange, className = '' }: TabsProps) {
  return (
    <TabsPrimitive.Root
      className={`vk-tabs ${className}`.trim()}
      value={value}
      defaultValue={value === undefined ? (defaultValue ?? tabs[0]?.value) : undefined}
      onValueChange={onValueChange}
    >
      <TabsPrimitive.List className="vk-tabs__list" aria-label={label}>
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger key={tab.value} value={tab.value} disabled={tab.disabled} className="vk-tabs__tab">
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {tabs.map((tab) => (
        <TabsPrimitive.Content key={tab.value} value={tab.value} className="vk-tabs__panel">
          {tab.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
