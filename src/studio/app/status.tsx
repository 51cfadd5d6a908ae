// Every action says what it did: one polite live region (role=status) for news, one alert region for
// failures, both always in the page (a region added with its text is often not announced), and an
// optional Undo button beside the news. The news can take the focus (#st-news) when the button that
// did the action can no longer hold it (disabled once done).
import { useCallback, useState } from 'react';

export interface StatusMessage {
  id: number;
  text: string;
  kind: 'info' | 'error';
  undo?: boolean;
}

export function useStatus() {
  const [message, setMessage] = useState<StatusMessage | null>(null);
  const say = useCallback((text: string, options: { kind?: 'info' | 'error'; undo?: boolean } = {}) => {
    setMessage((last) => ({
      id: (last?.id ?? 0) + 1,
      text,
      kind: options.kind ?? 'info',
      undo: options.undo,
    }));
  }, []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, say, clear };
}

export function StatusBar({ message, onUndo }: { message: StatusMessage | null; onUndo?: () => void }) {
  const info = message?.kind === 'info' ? message : null;
  const error = message?.kind === 'error' ? message : null;
  return (
    <div className="st-status">
      <p id="st-news" className="st-status__text" role="status" aria-live="polite" tabIndex={-1}>
        {info?.text ?? ''}
      </p>
      <p className="st-status__text st-status__text--error" role="alert">
        {error?.text ?? ''}
      </p>
      {info?.undo && onUndo && (
        <button
          type="button"
          className="st-button st-button--small"
          onClick={onUndo}
          aria-label={`Undo: ${info.text}`}
        >
          Undo
        </button>
      )}
    </div>
  );
}
