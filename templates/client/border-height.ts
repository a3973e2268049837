/**
 * The height an observed element's border box has, from its ResizeObserver entry. Reading `offsetHeight`
 * instead would force a second layout whenever another observer has just changed a style (a forced reflow).
 * Browsers without `borderBoxSize` (Safari before 15.4) measure the element.
 */
export function borderHeight(entry: ResizeObserverEntry, element: HTMLElement): number {
  return entry.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight;
}
