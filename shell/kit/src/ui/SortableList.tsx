import type { ReactNode } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import './SortableList.css';

interface Props<T extends { id: string }> {
  items: readonly T[];
  /** What the list orders, for screen readers ("chapters"). */
  label: string;
  /** Called with the new order after a drag or a keyboard move. */
  onReorder: (ids: string[]) => void;
  disabled?: boolean;
  children: (item: T, index: number) => ReactNode;
}

/**
 * A list reordered by drag and drop or by keyboard (focus the handle, Space to lift, arrows to move,
 * Space to drop), through dnd-kit; its announcements tell screen readers where the item went. A subpath
 * of its own (`@verba/kit/ui/sortable`): only the pages that order things load dnd-kit.
 */
export function SortableList<T extends { id: string }>({ items, label, onReorder, disabled, children }: Props<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((i) => i.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled ?? false}>
        <ol className="vk-sortable" aria-label={label}>
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id} position={index + 1} label={label}>
              {children(item, index)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, position, label, children }: { id: string; position: number; label: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={`vk-sortable__row${isDragging ? ' vk-sortable__row--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-id={id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="vk-sortable__handle"
        {...attributes}
        {...listeners}
        aria-label={`Move item ${position} of the ${label}`}
      >
        <svg viewBox="0 0 12 16" width="12" height="16" aria-hidden="true" focusable="false">
          <circle cx="3" cy="3" r="1.5" />
          <circle cx="9" cy="3" r="1.5" />
          <circle cx="3" cy="8" r="1.5" />
          <circle cx="9" cy="8" r="1.5" />
          <circle cx="3" cy="13" r="1.5" />
          <circle cx="9" cy="13" r="1.5" />
        </svg>
      </button>
      {children}
    </li>
  );
}
