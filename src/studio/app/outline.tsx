// The outline beside the form: the page's blocks (or a programme's sections) by name; choosing one
// shows that part of the form only. A page's blocks are moved by dragging, by keyboard (one step or
// to a position), duplicated, hidden for a while or removed (with Undo, in the editor's status).
import { useId, useState, type DragEvent } from 'react';
import type { OutlineEntry } from '../model/outline';

const DRAG_TYPE = 'application/x-studio-outline';

export interface BlockActions {
  move(from: number, to: number): void;
  duplicate(index: number): void;
  toggleHidden(index: number): void;
  remove(index: number): void;
}

export function outlineButtonId(key: string): string {
  return `st-outline-${key.replace(/[^a-z0-9]+/gi, '-')}`;
}

export function Outline({
  entries,
  selected,
  onSelect,
  actions,
  title,
}: {
  entries: OutlineEntry[];
  selected: string;
  onSelect(key: string): void;
  /** A landing page's blocks can be rearranged; a programme's sections cannot. */
  actions?: BlockActions;
  title: string;
}) {
  const id = useId();
  // On a narrow screen the list starts closed: it would push the form a screen down.
  const [open, setOpen] = useState(() => !window.matchMedia?.('(max-width: 1023px)').matches);
  const [over, setOver] = useState<number | null>(null);
  const blocks = entries.filter((e) => e.index !== undefined).length;
  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    setOver(null);
    const from = Number(event.dataTransfer.getData(DRAG_TYPE));
    if (actions && Number.isInteger(from) && from !== to) actions.move(from, to);
  };
  return (
    <nav className={`st-outline${open ? '' : ' st-outline--closed'}`} aria-labelledby={`${id}-title`}>
      <div className="st-outline__bar">
        <h2 id={`${id}-title`} className="st-outline__title">
          {title}
        </h2>
        <button
          type="button"
          className="st-button st-button--small st-button--secondary"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide list' : 'Show list'}
        </button>
      </div>
      <ol id={`${id}-list`} className="st-outline__list" hidden={!open}>
        {entries.map((entry) => {
          const index = entry.index;
          const chosen = entry.key === selected;
          return (
            <li
              key={entry.key}
              className={`st-outline__entry${chosen ? ' st-outline__entry--chosen' : ''}${
                over === index ? ' st-outline__entry--over' : ''
              }`}
              draggable={actions && index !== undefined ? true : undefined}
              onDragStart={(event) => {
                if (index === undefined) return;
                event.dataTransfer.setData(DRAG_TYPE, String(index));
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(event) => {
                if (index === undefined || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
                event.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver(null)}
              onDrop={(event) => index !== undefined && onDrop(event, index)}
            >
              <button
                type="button"
                id={outlineButtonId(entry.key)}
                className="st-outline__name"
                aria-current={chosen ? 'true' : undefined}
                onClick={() => onSelect(entry.key)}
              >
                <span>{index === undefined ? entry.name : `${index + 1}. ${entry.name}`}</span>
                {entry.hidden && <span className="st-badge st-badge--warn">Hidden</span>}
              </button>
              {chosen && actions && index !== undefined && (
                <BlockTools entry={entry} index={index} count={blocks} actions={actions} />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The chosen block's controls: move (a step, or to a position), duplicate, hide, remove. */
function BlockTools({
  entry,
  index,
  count,
  actions,
}: {
  entry: OutlineEntry;
  index: number;
  count: number;
  actions: BlockActions;
}) {
  const id = useId();
  return (
    <div className="st-outline__tools" role="group" aria-label={`Change ${entry.name}`}>
      <button
        type="button"
        className="st-icon-button"
        aria-label={`Move ${entry.name} up`}
        disabled={index === 0}
        onClick={() => actions.move(index, index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="st-icon-button"
        aria-label={`Move ${entry.name} down`}
        disabled={index === count - 1}
        onClick={() => actions.move(index, index + 1)}
      >
        ↓
      </button>
      <label htmlFor={`${id}-to`} className="st-outline__to">
        Position
      </label>
      <select
        id={`${id}-to`}
        className="st-outline__select"
        value={index}
        onChange={(event) => actions.move(index, Number(event.target.value))}
      >
        {Array.from({ length: count }, (_, i) => (
          <option key={i} value={i}>
            {i + 1}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="st-button st-button--small st-button--secondary"
        aria-label={`Duplicate ${entry.name}`}
        onClick={() => actions.duplicate(index)}
      >
        Duplicate
      </button>
      <button
        type="button"
        className="st-button st-button--small st-button--secondary"
        aria-label={entry.hidden ? `Show ${entry.name} on the page` : `Hide ${entry.name} from the page`}
        onClick={() => actions.toggleHidden(index)}
      >
        {entry.hidden ? 'Show' : 'Hide'}
      </button>
      <button
        type="button"
        className="st-button st-button--small st-button--danger"
        aria-label={`Remove ${entry.name}`}
        onClick={() => actions.remove(index)}
      >
        Remove
      </button>
    </div>
  );
}
