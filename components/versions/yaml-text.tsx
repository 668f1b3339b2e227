/** YAML shown as plain text with line numbers (React escapes it; never parsed into markup). */
import { splitLines } from '@/lib/graph/diff-rows';
import s from './versions.module.css';

export function YamlText({ text, label }: { text: string; label: string }) {
  return (
    <pre className={s.code} aria-label={label} data-testid="version-yaml" tabIndex={0}>
      {splitLines(text).map((line, i) => (
        <div key={i} className={s.line}>
          <span className={s.gutter} aria-hidden>
            {i + 1}
          </span>
          <span className={s.text}>{line}</span>
        </div>
      ))}
    </pre>
  );
}
