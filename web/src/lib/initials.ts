/**
 * Initials of a name, one per part, each the part's first user-perceived character (a grapheme:
 * an emoji, an accented letter typed as two code points, a flag), never half of one: "Úrsula
 * Ñúñez" → "ÚÑ", "🙂 Smile" → "🙂S". Mantine's own initials take the first UTF-16 unit, which cuts
 * such a character in two.
 */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function initialsOf(...parts: string[]): string {
  return parts
    .map((part) => {
      const first = graphemes.segment(part.trim())[Symbol.iterator]().next();
      return first.done ? '' : first.value.segment.toLocaleUpperCase();
    })
    .join('');
}
