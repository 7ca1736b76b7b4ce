// @verba/kit/ui: Radix-based components, kept out of the main entry so the shell's eager bundle
// does not carry them. Import from '@verba/kit/ui' (lazily loaded code only).
export { Accordion, AccordionItem, type AccordionProps, type AccordionItemProps } from './Accordion';
export { Dialog, DialogClose, type DialogProps } from './Dialog';
export { AlertDialog, type AlertDialogProps } from './AlertDialog';
export { ProgressBar, clampProgress, type ProgressBarProps } from './ProgressBar';
export { Switch, type SwitchProps } from './Switch';
export { Tabs, type TabsProps, type TabItem } from './Tabs';
export { Tooltip, type TooltipProps } from './Tooltip';
export { AutoSizeTextarea, fitToContent, type AutoSizeTextareaProps } from './AutoSizeTextarea';
export { AnnouncementBanner, AnnouncementBlock } from './AnnouncementBanner';
export { SentencePlayer, type SentencePlayerProps } from './SentencePlayer';
export { useLeaveGuard } from './use-leave-guard';
