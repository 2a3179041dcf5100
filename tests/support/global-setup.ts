import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startBackends } from './backends.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUrl: string;
    redisUrl: string;
    mongoKind: string;
  }
}

export default async function setup(project: TestProject) {
  const backends = await startBackends();
  project.provide('mongoUrl', backends.mongoUrl);
  project.provide('redisUrl', backends.redisUrl);
  project.provide('mongoKind', backends.mongoKind);
  return () => backends.stop();
}
