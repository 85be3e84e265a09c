/**
 * The line-number gutter beside the message editor: one number per line of the textarea (which
 * does not wrap lines), kept scrolled with it, with a mark on each line that has an issue. The
 * gutter is decoration (aria-hidden); the issue list names the line of each issue and moves the
 * caret there.
 */
export type Severity = 'error' | 'warning';

export class LineGutter {
  private marks = new Map<number, Severity>();
  private readonly gutter: HTMLElement;
  private readonly textarea: HTMLTextAreaElement;

  constructor(gutter: HTMLElement, textarea: HTMLTextAreaElement) {
    this.gutter = gutter;
    this.textarea = textarea;
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

  render(): void {
    const lines = this.textarea.value.split(/\r\n|\r|\n/).length;
    const items: HTMLElement[] = [];
    for (let line = 1; line <= lines; line++) {
      const item = document.createElement('span');
      item.textContent = String(line);
      const mark = this.marks.get(line);
      if (mark) item.className = `mark-${mark}`;
      items.push(item);
    }
    this.gutter.replaceChildren(...items);
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
