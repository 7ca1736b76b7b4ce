import { useEffect, useState } from 'react';
import { Button } from '@verba/kit';
import { KEPT_ARTICLES, TEXT_DROP, TEXT_PIN, TEXTS_ASK, TEXTS_STATE, type KeptText } from './cache-rules';
import { onWorkerMessage, tellWorker } from './worker-channel';
import './offline.css';

interface TextsState {
  type: typeof TEXTS_STATE;
  texts: KeptText[];
}

const opened = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The texts this device keeps for reading offline (issue 38.9), as the worker has them: each with when it
 * was opened last, a Pin (a pinned text is kept however many others are opened) and a Remove. For the
 * profile page, inside a section of its own (it has no heading).
 */
export function OfflineTexts() {
  const [texts, setTexts] = useState<KeptText[] | null>(null);
  const supported = typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
  useEffect(() => {
    const stop = onWorkerMessage<TextsState>(TEXTS_STATE, (message) => setTexts(message.texts));
    tellWorker({ type: TEXTS_ASK });
    return stop;
  }, []);

  if (!supported) return <p>This browser cannot keep texts for reading offline.</p>;
  return (
    <div className="sh-offline-texts-area">
      <p>
        The {KEPT_ARTICLES} texts you opened last are kept on this device with your word colours and meanings, to read without a connection.
        A pinned text stays however many others you open.
      </p>
      {texts === null ? (
        <p role="status">Looking for kept texts…</p>
      ) : texts.length === 0 ? (
        <p>No texts are kept yet: open one while online to read it offline.</p>
      ) : (
        <ul className="sh-offline-texts" aria-label="Texts kept offline">
          {texts.map((text) => (
            <li key={text.id} className="sh-offline-texts__item">
              <span>
                <strong>{text.title}</strong>
                {text.pinned ? ' · Pinned' : ''}
                {text.openedAt ? <span className="sh-offline-texts__when"> · opened {opened.format(new Date(text.openedAt))}</span> : null}
              </span>
              <span className="sh-offline-texts__actions">
                <Button size="sm" variant="secondary" onClick={() => tellWorker({ type: TEXT_PIN, id: text.id, pinned: !text.pinned })}>
                  {text.pinned ? 'Unpin' : 'Pin'} <span className="sh-offline-hidden">“{text.title}”</span>
                </Button>
                <Button size="sm" variant="ghost" onClick={() => tellWorker({ type: TEXT_DROP, id: text.id })}>
                  Remove <span className="sh-offline-hidden">“{text.title}”</span>
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
