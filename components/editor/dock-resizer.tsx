'use client';
/**
 * The split between the canvas and the debug dock below it: a drag handle (pointer or arrow keys,
 * double-click resets) that sets the dock's height, remembered in localStorage. The handle and the
 * fixed height only apply while the debug panel is open (CSS, see .sy-dock-handle in editor.css).
 */
import { useCallback, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';

const KEY = 'switchyard.dock-height';
const MIN_DOCK = 160;
/** The canvas keeps at least this much height, however far the handle is dragged (also in editor.css). */
const MIN_CANVAS = 300;
const STEP = 32;

function stored(): number | null {
  try {
    const v = Number(window.localStorage.getItem(KEY));
    return Number.isFinite(v) && v >= MIN_DOCK ? v : null;
  } catch {
    return null;
  }
}

/** Dock height in px (null = the CSS default) and the style that carries it to the dock's grid row (on .sy-center). */
export function useDockHeight() {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => setHeight(stored()), []);
  const save = useCallback((h: number | null) => {
    setHeight(h);
    try {
      if (h === null) window.localStorage.removeItem(KEY);
      else window.localStorage.setItem(KEY, String(Math.round(h)));
    } catch {
      /* private mode: the split just is not remembered */
    }
  }, []);
  const style = (height === null ? {} : { '--sy-dock-h': `${Math.round(height)}px` }) as CSSProperties;
  return { height, setHeight: save, style };
}

interface Props {
  /** The element holding canvas + dock (.sy-center): bounds the drag. */
  container: React.RefObject<HTMLElement | null>;
  /** The dock itself: its current height is where a drag starts. */
  dock: React.RefObject<HTMLElement | null>;
  onResize(height: number | null): void;
}

export function DockResizer({ container, dock, onResize }: Props) {
  const start = useRef<{ y: number; h: number } | null>(null);
  const [now, setNow] = useState<number | null>(null);

  const clamp = useCallback(
    (h: number) => {
      const box = container.current?.getBoundingClientRect();
      const dockBox = dock.current?.getBoundingClientRect();
      // Room for the dock = everything in the container except the minimum canvas and what sits below the dock.
      const below = box && dockBox ? box.bottom - dockBox.bottom : 0;
      const max = box ? box.height - MIN_CANVAS - below : Infinity;
      return Math.max(MIN_DOCK, Math.min(h, max));
    },
    [container, dock],
  );

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || !dock.current) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { y: e.clientY, h: dock.current.getBoundingClientRect().height };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const h = clamp(start.current.h + (start.current.y - e.clientY));
    setNow(h);
    onResize(h);
  };
  const end = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    start.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    const cur = dock.current?.getBoundingClientRect().height ?? MIN_DOCK;
    const h = clamp(cur + (e.key === 'ArrowUp' ? STEP : -STEP));
    setNow(h);
    onResize(h);
  };

  return (
    <div
      className="sy-dock-handle"
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize the run panel (drag, or arrow keys; double-click resets)"
      aria-valuenow={now === null ? undefined : Math.round(now)}
      title="Drag to resize · double-click to reset"
      tabIndex={0}
      data-testid="dock-resize"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      onKeyDown={onKeyDown}
      onDoubleClick={() => {
        setNow(null);
        onResize(null);
      }}
    />
  );
}

/**
 * Fits the graph again when the run panel's height changes for good (opened, closed or resized):
 * otherwise the nodes a run highlights end up out of sight. Only the dock is watched: the problems
 * list also changes the canvas's height while one builds, and the view must not jump then.
 */
export function useFitOnDockChange(target: React.RefObject<HTMLElement | null>, fit: () => void) {
  const fitRef = useRef(fit);
  useEffect(() => {
    fitRef.current = fit;
  });
  useEffect(() => {
    const el = target.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let last = el.getBoundingClientRect().height;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ro = new ResizeObserver(([entry]) => {
      const h = entry.contentRect.height;
      if (Math.abs(h - last) < 24) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        last = h;
        fitRef.current();
      }, 150);
    });
    ro.observe(el);
    return () => {
      clearTimeout(timer);
      ro.disconnect();
    };
  }, [target]);
}
