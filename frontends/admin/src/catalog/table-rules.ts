/** The page buttons to show: first, last, and the current page with its neighbours; gaps as null. */
export function pageNumbers(current: number, total: number): Array<number | null> {
  if (total <= 1) return total === 1 ? [1] : [];
  const wanted = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const pages = [...wanted].sort((a, b) => a - b);
  const result: Array<number | null> = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && page - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) result.push(null);
    result.push(page);
  });
  return result;
}

/** Pages needed for `total` rows at `pageSize` a page (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * SPEC §4.7: calls `settle` with the term once no key has been pressed for `delayMs`; a newer term
 * cancels the pending one.
 */
export function createDebouncer<T>(delayMs: number, settle: (value: T) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(value: T) {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        settle(value);
      }, delayMs);
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
