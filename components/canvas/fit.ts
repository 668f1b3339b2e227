'use client';
/**
 * Fit the graph into the canvas, clear of what floats over it: the zoom controls (bottom left),
 * the minimap (bottom right, when shown and the canvas is wide enough to show it) and edge labels
 * that stick out past the nodes. Used by the Fit button, the F key and every automatic refit.
 */
import { useReactFlow, type FitViewOptions } from '@xyflow/react';
import { useCallback } from 'react';
import { minimapShown } from '@/components/editor/persisted-flags';

/** Below this canvas width or height the minimap is hidden (editor.css), so it needs no room. */
export const MINIMAP_MIN_WIDTH = 640;
export const MINIMAP_MIN_HEIGHT = 400;

export function fitOptions(canvas: { width: number; height: number } | null, minimap: boolean): FitViewOptions {
  const roomy = !!canvas && canvas.width >= MINIMAP_MIN_WIDTH && canvas.height >= MINIMAP_MIN_HEIGHT;
  return {
    padding: { top: '36px', left: '56px', bottom: '56px', right: minimap && roomy ? '224px' : '56px' },
    maxZoom: 1.1,
  };
}

function canvasBox(): DOMRect | null {
  return typeof document === 'undefined' ? null : (document.querySelector('[data-testid="canvas"]')?.getBoundingClientRect() ?? null);
}

/** A stable callback that fits the view (animated over `duration` ms). */
export function useFit(): (duration?: number) => void {
  const { fitView } = useReactFlow();
  return useCallback((duration = 300) => void fitView({ ...fitOptions(canvasBox(), minimapShown.get()), duration }), [fitView]);
}
