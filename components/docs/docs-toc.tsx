/** The sticky table of contents of /docs (plain anchors). */
import { TOC } from './toc';
import s from './docs.module.css';

export function DocsToc() {
  return (
    <nav className={s.toc} aria-label="Documentation contents" data-testid="docs-toc">
      <p className={s.tocTitle}>On this page</p>
      <ul className={s.tocList}>
        {TOC.map((e) => (
          <li key={e.id}>
            <a className={s.tocLink} href={`#${e.id}`}>
              {e.title}
            </a>
            {e.children?.length ? (
              <ul className={s.tocChildren}>
                {e.children.map((c) => (
                  <li key={c.id}>
                    <a className={s.tocChild} href={`#${c.id}`}>
                      {c.title}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
