/**
 * Ticks for a value axis: round steps (1, 2 or 5 times a power of ten) no finer than `minStep`, so counts get whole
 * numbers and every tick label differs from its neighbours. The range always holds zero; an all-zero chart gets 0..4 steps.
 */
export function valueTicks(values: number[], minStep: number, target = 4): number[] {
  const low = Math.min(0, ...values);
  let high = Math.max(0, ...values);
  if (high === low) high = low + minStep * target;
  const raw = (high - low) / target;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(
    minStep,
    [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw) ?? 10 * power,
  );
  const ticks: number[] = [];
  for (let tick = Math.floor(low / step) * step; tick < high + step; tick += step) {
    ticks.push(tick);
    if (tick >= high) break;
  }
  return ticks;
}

let measuring: CanvasRenderingContext2D | null = null;

/** The text's width in pixels in the given CSS font (a canvas measures without touching the page's layout). */
export function textWidth(text: string, font: string): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return text.length * 7;
  measuring.font = font;
  return measuring.measureText(text).width;
}

/**
 * `text` cut in the middle to fit `width` pixels (its start and its end kept around an ellipsis), so names that
 * differ only at the end ("... Area 01", "... Area 02") stay told apart.
 */
export function fitText(text: string, width: number, font: string): string {
  if (textWidth(text, font) <= width) return text;
  const cut = (kept: number) =>
    `${text.slice(0, Math.ceil(kept / 2)).trimEnd()}…${text.slice(text.length - Math.floor(kept / 2)).trimStart()}`;
  let low = 0;
  let high = text.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (textWidth(cut(middle), font) <= width) low = middle;
    else high = middle - 1;
  }
  return cut(low);
}
