// Importing the provider must stay light: the AWS SDK loads with the first call, not with the import.
// Imports the built package (dist, through its exports map) in a child process whose module loader records
// every module it resolves.
import { modulesLoadedBy } from '@tandem/provider-utils/testing';
import { expect, it } from 'vitest';

const packageDir = new URL('..', import.meta.url).pathname;
const awsSdk = (url: string): boolean => /\/node_modules\/@(aws-sdk|smithy)\//.test(url);

it('does not load the AWS SDK when imported', () => {
  const loaded = modulesLoadedBy(packageDir, `const { bedrock } = await import('@tandem/providers-bedrock'); bedrock('amazon.nova-pro-v1:0'); bedrock.novaSonic('amazon.nova-sonic-v1:0');`);
  expect(loaded.some((url) => url.endsWith('/packages/providers-bedrock/dist/index.js'))).toBe(true);
  expect(loaded.filter(awsSdk)).toEqual([]);
});

it('loads it with the first call (here one refused by a closed port)', () => {
  const loaded = modulesLoadedBy(
    packageDir,
    `const { createBedrock } = await import('@tandem/providers-bedrock');
const { userMessage } = await import('@tandem/core');
const model = createBedrock({ region: 'us-east-1', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' }, maxRetries: 0 })('amazon.nova-pro-v1:0');
try { for await (const part of model.stream({ messages: [userMessage('Hi')], tools: [] })) void part; } catch {}`,
  );
  expect(loaded.some((url) => url.includes('/node_modules/@aws-sdk/client-bedrock-runtime/'))).toBe(true);
});
