import { describe, expect, it } from 'vitest';
import { decide, type SessionDecision, type SessionFacts } from './decide.js';

const quiet: SessionFacts = {
  ending: false,
  deferredEnd: 'none',
  inputsEnded: false,
  streamEnded: false,
  restartWanted: false,
  responseActive: false,
  reconnecting: false,
  toolsRunning: false,
  resultsPending: false,
  resultsWaiting: false,
  takesResultsMidResponse: true,
  awaitingAnswer: false,
};

const none: SessionDecision = { type: 'none' };
const complete: SessionDecision = { type: 'end', reason: 'complete' };
const userRequest: SessionDecision = { type: 'end', reason: 'user-request' };
const restart: SessionDecision = { type: 'restart' };
const deliver: SessionDecision = { type: 'deliver' };
const waiting = { resultsPending: true, resultsWaiting: true };

const table: readonly (readonly [string, Partial<SessionFacts>, SessionDecision])[] = [
  ['nothing happening, inputs open', {}, none],
  ['already ending: nothing more is decided', { ending: true, deferredEnd: 'ready', streamEnded: true }, none],
  ['a deferred end whose groups are recorded ends the conversation', { deferredEnd: 'ready', toolsRunning: true }, userRequest],
  ['a deferred end still waiting for its groups', { deferredEnd: 'waiting', inputsEnded: true }, none],
  ['inputs ended and idle: complete', { inputsEnded: true }, complete],
  ['inputs ended, a tool runs', { inputsEnded: true, toolsRunning: true }, none],
  ['inputs ended, results not yet delivered', { inputsEnded: true, resultsPending: true }, none],
  ['inputs ended, a response is in progress', { inputsEnded: true, responseActive: true }, none],
  ['inputs ended, waiting for the model to answer', { inputsEnded: true, awaitingAnswer: true }, none],
  ['inputs ended while reconnecting', { inputsEnded: true, reconnecting: true }, none],
  ['the provider ended the stream', { streamEnded: true, toolsRunning: true }, complete],
  ['the stream ended with a restart waiting: restart instead', { streamEnded: true, restartWanted: true, responseActive: true }, restart],
  ['a restart waits for the response to end', { restartWanted: true, responseActive: true }, none],
  ['a restart at a turn boundary', { restartWanted: true }, restart],
  ['a restart goes before delivering results', { restartWanted: true, ...waiting }, restart],
  ['results waiting, model takes them mid-response', { ...waiting, responseActive: true }, deliver],
  ['results waiting, model needs the response to end', { ...waiting, responseActive: true, takesResultsMidResponse: false }, none],
  ['results waiting at a turn boundary', { ...waiting, takesResultsMidResponse: false }, deliver],
  ['results waiting while reconnecting: after the reconnect', { ...waiting, reconnecting: true }, none],
  ['results in flight on the current connection', { inputsEnded: true, resultsPending: true, resultsWaiting: false }, none],
];

describe('decide()', () => {
  it.each(table)('%s', (_name, facts, expected) => {
    expect(decide({ ...quiet, ...facts })).toEqual(expected);
  });
});
