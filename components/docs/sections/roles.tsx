/** 2. Roles: one card per role, generated from lib/graph/roles.ts and the role's zod schema. */
import type { CSSProperties } from 'react';
import { DEFAULTS } from '@/lib/graph/defaults';
import { ROLES } from '@/lib/graph/roles';
import { NODE_ROLES, type NodeRole } from '@/lib/graph/constants';
import { C, Rich, Section, Table } from '../parts';
import { ROLE_NOTES } from '../role-notes';
import { roleFields } from '../schema-fields';
import { roleAnchor } from '../toc';
import s from '../docs.module.css';

function RoleCard({ role }: { role: NodeRole }) {
  const meta = ROLES[role];
  const fields = roleFields(role);
  const style = { '--role-color': `var(${meta.colorVar}, ${meta.fallbackColor})` } as CSSProperties;
  return (
    <article id={roleAnchor(role)} className={s.roleCard} style={style} data-testid="docs-role" data-role={role}>
      <div className={s.roleHead}>
        <span className={s.glyph} aria-hidden="true">
          {meta.glyph}
        </span>
        <div>
          <h3 className={s.roleName}>
            {meta.label} <span className={s.roleId}>role: {role}</span>
          </h3>
        </div>
      </div>
      <p className={s.roleDesc}>{meta.description}</p>
      <p>{ROLE_NOTES[role]}</p>
      <Table
        testId={`docs-role-fields-${role}`}
        head={['Field', 'Type', '', 'What it does']}
        rows={fields.map((f) => [
          <C key="n">{f.name}</C>,
          <span key="t" className={s.type}>
            {f.type}
          </span>,
          f.optional ? (
            <span key="o" className={s.opt}>
              optional
            </span>
          ) : (
            <span key="o" className={s.req}>
              required
            </span>
          ),
          <span key="h" data-field={f.name}>
            <Rich text={f.help} />
          </span>,
        ])}
      />
    </article>
  );
}

export function Roles() {
  return (
    <Section
      id="roles"
      title="Roles"
      intro="Every node has a role. The fields below are read from the schema the importer and the editor use, so they are always the real ones."
    >
      <p>
        A node is <C>id: {'{ role: …, …fields }'}</C> under <C>nodes:</C>; ids start with a letter or <C>_</C> and hold letters, digits, <C>_</C> and{' '}
        <C>-</C>. <C>START</C> and <C>END</C> are reserved. The document stores only what you write; the engine fills in the defaults at run time:
      </p>
      <Table
        head={['Default', 'Value']}
        rows={[
          [<C key="k">strategy</C>, <C key="v">{DEFAULTS.strategy}</C>],
          [<C key="k">model</C>, <C key="v">{DEFAULTS.model}</C>],
          [<C key="k">max_steps</C>, String(DEFAULTS.max_steps)],
          [<C key="k">max_revisions</C>, String(DEFAULTS.max_revisions)],
          [<C key="k">limits.recursion_limit</C>, `${DEFAULTS.recursion_limit} supersteps`],
          [<C key="k">limits.timeout_s</C>, `${DEFAULTS.timeout_s} s for the whole run`],
          [<C key="k">limits.max_tokens</C>, 'none (input + output tokens of the whole run when set)'],
          [<C key="k">http tool timeout_s</C>, `${DEFAULTS.http_timeout_s} s a request`],
          [<C key="k">final_answer_pattern</C>, <C key="v">{DEFAULTS.final_answer_pattern}</C>],
          [<C key="k">action_pattern</C>, <C key="v">{DEFAULTS.action_pattern}</C>],
        ]}
      />
      {NODE_ROLES.map((role) => (
        <RoleCard key={role} role={role} />
      ))}
    </Section>
  );
}
