/**
 * For tests whose model server is a mock on 127.0.0.1: allows loopback for model connections, as an
 * operator running a local server would (SWITCHYARD_ALLOWED_HOSTS, lib/tools/model-fetch.ts), for
 * the tests of the file or describe block where it is called, and restores the variable after them.
 */
import { afterAll, beforeAll } from 'vitest';
import { setEnv } from '@/lib/testing/env';

export function allowLoopbackModels(): void {
  let restore: (() => void) | undefined;
  beforeAll(() => {
    restore = setEnv({ SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1,localhost' });
  });
  afterAll(() => restore?.());
}
