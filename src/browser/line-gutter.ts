/**
 * The line-number gutter beside the message editor: one number per line of the textarea (which
 * does not wrap lines), kept scrolled with it, with a mark on each line that has an issue. The
 * gutter is decoration (aria-hidden); the issue list names the line of each issue and moves the
 * caret there.
 */
export type Severity = 'error' | 'warning';

/** Lines of a text as the textarea shows them: \n, \r\n and a lone \r each end one. */
export function countLines(text: string): number {
  let lines = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) lines++;
  }
  return lines;
}

export class LineGutter {
  private marks = new Map<number, Severity>();
  /** The marks the numbers now carry, so a new set touches only the lines that change. */
  private shown = new Map<number, Severity>();
  /** One number per line, kept across edits: a keystroke adds or removes only the lines it adds or removes. */
  private readonly items: HTMLElement[] = [];
  private readonly gutter: HTMLElement;
  private readonly textarea: HTMLTextAreaElement;

  constructor(gutter: HTMLElement, textarea: HTMLTextAreaElement) {
    this.gutter = gutter;
    this.textarea = textarea;
    gutter.replaceChildren();
    textarea.addEventListener('scroll', () => (gutter.scrollTop = textarea.scrollTop), { passive: true });
    // An edit moves lines: marks of the last validation would point at the wrong ones.
    textarea.addEventListener('input', () => this.mark(new Map()));
    this.render();
  }

  /** Marks lines (1-based); an error outranks a warning on the same line. */
  mark(marks: ReadonlyMap<number, Severity>): void {
    this.marks = new Map(marks);
    this.render();
  }

  /**
   * Brings the numbers to the text's line count and the marks to the last set. A message the
   * service accepts can have 100,000 lines: rebuilding every number on each keystroke froze the page.
   */
  render(): void {
    const lines = countLines(this.textarea.value);
    const { items } = this;
    if (lines > items.length) {
      const added = document.createDocumentFragment();
      for (let line = items.length + 1; line <= lines; line++) {
        const item = document.createElement('span');
        item.textContent = String(line);
        items.push(item);
        added.append(item);
      }
      this.gutter.append(added);
    } else if (lines < items.length) {
      const range = document.createRange();
      range.setStartBefore(items[lines]!);
      range.setEndAfter(items[items.length - 1]!);
      range.deleteContents();
      items.length = lines;
    }
    for (const line of this.shown.keys()) if (!this.marks.has(line)) items[line - 1]?.removeAttribute('class');
    for (const [line, mark] of this.marks) {
      const item = items[line - 1];
      if (item && this.shown.get(line) !== mark) item.className = `mark-${mark}`;
    }
    // A number removed with its line and added again later starts unmarked.
    this.shown = new Map([...this.marks].filter(([line]) => line <= lines));
    // The gutter's size is contained (it must not stretch the editor), so its width is set here.
    this.gutter.style.width = `calc(${String(lines).length}ch + 1.05rem)`;
    this.gutter.scrollTop = this.textarea.scrollTop;
  }

  /** Selects a range of the text and scrolls its first line into the upper part of the editor. */
  reveal(startOffset: number, endOffset: number, line: number): void {
    const { textarea } = this;
    textarea.focus({ preventScroll: true });
    textarea.setSelectionRange(startOffset, endOffset);
    const lineHeight = parseFloat(getComputedStyle(textarea).lineHeight);
    textarea.scrollTop = Math.max(0, (line - 1) * lineHeight - textarea.clientHeight / 3);
    textarea.scrollIntoView({ block: 'nearest' });
  }
}
