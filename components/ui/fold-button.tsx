/**
 * The button that folds a side panel of the editor to a thin rail and back. `side` is where the
 * panel sits: its arrow points away from the canvas to hide it and towards the canvas to show it.
 */
export function FoldButton({ panel, side, collapsed, onToggle, testId, controls }: { panel: string; side: 'left' | 'right'; collapsed: boolean; onToggle(): void; testId: string; controls?: string }) {
  const label = `${collapsed ? 'Show' : 'Hide'} the ${panel}`;
  const hide = side === 'left' ? '«' : '»';
  const show = side === 'left' ? '»' : '«';
  return (
    <button type="button" className="sy-icon-btn sy-fold-btn" aria-label={label} aria-expanded={!collapsed} aria-controls={controls} title={label} data-testid={testId} onClick={onToggle}>
      {collapsed ? show : hide}
    </button>
  );
}
