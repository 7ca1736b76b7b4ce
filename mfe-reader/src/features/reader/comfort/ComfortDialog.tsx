import { useId, type ReactNode } from 'react';
import { Dialog } from '@verba/kit/ui';
import { COLUMN_WIDTHS, FONTS, LINE_SPACINGS, TEXT_SIZES, THEMES, type Comfort } from './comfort';
import './comfort.css';

interface Props {
  comfort: Comfort;
  onChange: (change: Partial<Comfort>) => void;
  /** Why the last change was not saved, if it was not (it still shows here until the page is left). */
  saveError: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (focus goes back to it on closing); none when the opener handles focus. */
  trigger?: ReactNode;
}

/**
 * "Text" options of the reader: size, line spacing, column width, font and colours of the article's text.
 * Each is a group of radio buttons (Tab moves between groups, arrows within one); a choice applies at once.
 */
export function ComfortDialog({ comfort, onChange, saveError, open, onOpenChange, trigger }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="Text"
      description="How the article’s text looks. Your choices are saved to your profile."
      className="rd-comfort"
    >
      <div className="rd-comfort__groups">
        <Choices
          legend="Text size"
          name="textSize"
          choices={TEXT_SIZES}
          value={comfort.textSize}
          onChange={(textSize) => onChange({ textSize })}
        />
        <Choices
          legend="Line spacing"
          name="lineSpacing"
          choices={LINE_SPACINGS}
          value={comfort.lineSpacing}
          onChange={(lineSpacing) => onChange({ lineSpacing })}
        />
        <Choices
          legend="Column width"
          name="columnWidth"
          choices={COLUMN_WIDTHS}
          value={comfort.columnWidth}
          onChange={(columnWidth) => onChange({ columnWidth })}
        />
        <Choices legend="Font" name="font" choices={FONTS} value={comfort.font} onChange={(font) => onChange({ font })} />
        <Choices legend="Colours" name="theme" choices={THEMES} value={comfort.theme} onChange={(theme) => onChange({ theme })} />
      </div>
      {saveError ? (
        <p className="rd-warning" role="alert">
          Your choice could not be saved ({saveError}); it applies until you leave this page.
        </p>
      ) : null}
    </Dialog>
  );
}

function Choices<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  choices: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <fieldset className="rd-comfort__group">
      <legend className="rd-comfort__legend">{legend}</legend>
      <div className="rd-comfort__choices">
        {choices.map((choice) => (
          <label key={choice.value} className="rd-comfort__choice" data-choice={`${name}-${choice.value}`}>
            <input
              type="radio"
              name={`${id}-${name}`}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
