import type { Metadata } from 'next';
import { DocsToc } from '@/components/docs/docs-toc';
import { listExamples, readExample } from '@/components/docs/examples-source';
import { Api } from '@/components/docs/sections/api';
import { Edges } from '@/components/docs/sections/edges';
import { Memory } from '@/components/docs/sections/memory';
import { Guards } from '@/components/docs/sections/guards';
import { GettingStarted } from '@/components/docs/sections/getting-started';
import { Roles } from '@/components/docs/sections/roles';
import { StateChannels } from '@/components/docs/sections/state';
import { Strategies } from '@/components/docs/sections/strategies';
import { Tools } from '@/components/docs/sections/tools';
import { Traces } from '@/components/docs/sections/traces';
import { TimeTravel } from '@/components/docs/sections/time-travel';
import { TestingOps } from '@/components/docs/sections/testing-ops';
import { YamlFormat } from '@/components/docs/sections/yaml-format';
import { AppHeader } from '@/components/ui/app-header';
import s from '@/components/docs/docs.module.css';

export const dynamic = 'force-static';
export const metadata: Metadata = { title: 'Docs · Switchyard' };

/** The in-app documentation: static, generated from the schema, the role registry and the engine. */
export default function DocsPage() {
  const examples = listExamples();
  const writerReviewer = readExample('writer-reviewer.yaml');
  return (
    <>
      <AppHeader />
      <div className={s.layout}>
        <DocsToc />
        <main className={s.content} data-testid="docs-page">
          <h1 className={s.title}>Documentation</h1>
          <p className={s.subtitle}>How to build, run and call graph-based agents with Switchyard.</p>
          <GettingStarted examples={examples} />
          <Roles />
          <Edges />
          <Strategies />
          <Tools />
          <StateChannels />
          <Memory />
          <Guards />
          <YamlFormat example={writerReviewer} />
          <Traces />
          <TimeTravel />
          <TestingOps />
          <Api />
        </main>
      </div>
    </>
  );
}
