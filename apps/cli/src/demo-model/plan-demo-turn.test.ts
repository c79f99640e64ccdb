import { describe, expect, it } from 'vitest';
import { userMessage, type Message } from '@tandem/core';
import type { FunctionToolDefinition } from '@tandem/core/spec';
import { planDemoTurn, type DemoPlan } from './plan-demo-turn.js';

const fn = (name: string, properties: Record<string, unknown> = {}, required: string[] = []): FunctionToolDefinition => ({
  kind: 'function',
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object', properties, required },
});

const weather = fn('weather', { city: { type: 'string' }, days: { type: 'integer' } }, ['city']);
const flights = fn('flights', { city: { type: 'string' }, max_price: { type: 'number' }, direct: { type: 'boolean' } }, ['city', 'direct']);
const search = fn('search', { query: { type: 'string' } }, ['query']);
const webSearch = fn('web_search', { query: { type: 'string' } }, ['query']);

function plan(text: string, tools: FunctionToolDefinition[], history: Message[] = []): DemoPlan {
  return planDemoTurn({ tools, messages: [...history, userMessage(text)] });
}

function calls(result: DemoPlan): Array<{ toolName: string; input: Record<string, unknown> }> {
  if (result.kind !== 'call-tools') throw new Error(`expected tool calls, got ${result.kind}: ${result.text}`);
  return result.calls.map(({ toolName, input }) => ({ toolName, input }));
}

describe('planDemoTurn: which tools are named', () => {
  it('calls a tool whose exact name appears as a word', () => {
    expect(calls(plan('what is the weather in Oslo?', [weather, flights]))).toEqual([{ toolName: 'weather', input: { city: '' } }]);
  });

  it('calls several named tools as one group, in the order they are named', () => {
    const result = calls(plan('flights first, then weather', [weather, flights]));
    expect(result.map((call) => call.toolName)).toEqual(['flights', 'weather']);
  });

  it('calls a tool once even when it is named twice', () => {
    expect(calls(plan('weather, weather, weather!', [weather])).length).toBe(1);
  });

  it('does not count a name inside a longer word', () => {
    expect(plan('the weathervane spins', [weather]).kind).toBe('answer');
    expect(plan('sweather', [weather]).kind).toBe('answer');
    expect(plan('weather2', [weather]).kind).toBe('answer');
  });

  it('does not count a name inside another tool name', () => {
    expect(calls(plan('use web_search please', [search, webSearch])).map((c) => c.toolName)).toEqual(['web_search']);
    expect(calls(plan('search, then web_search', [search, webSearch])).map((c) => c.toolName)).toEqual(['search', 'web_search']);
    const sum = fn('sum');
    const getSum = fn('get-sum');
    expect(calls(plan('get-sum of it', [sum, getSum])).map((c) => c.toolName)).toEqual(['get-sum']);
  });

  it('is case-sensitive (the exact name)', () => {
    expect(plan('WEATHER please', [weather]).kind).toBe('answer');
  });

  it('ignores names inside key=value words', () => {
    expect(calls(plan('weather city=flights', [weather, flights]))).toEqual([{ toolName: 'weather', input: { city: 'flights' } }]);
    expect(plan('weather=1', [weather]).kind).toBe('answer');
  });

  it('ignores provider tools and answers when nothing is named', () => {
    const result = planDemoTurn({
      tools: [{ kind: 'provider', id: 'openai.web_search', name: 'web_search', args: {} }, weather],
      messages: [userMessage('web_search something')],
    });
    expect(result.kind).toBe('answer');
    expect(result.text).toContain('offline demo model');
    expect(result.text).toContain('for example "weather city=…"');
    expect(result.text).toContain('Tools: weather.');
  });

  it('says how to add tools when there are none', () => {
    const result = plan('hello', []);
    expect(result).toMatchObject({ kind: 'answer' });
    expect(result.text).toMatch(/You said: "hello"/);
    expect(result.text).toMatch(/--tools <module>/);
  });

  it('reads the last user message, not earlier ones', () => {
    const result = plan('and now?', [weather], [userMessage('weather city=Oslo')]);
    expect(result.kind).toBe('answer');
  });
});

describe('planDemoTurn: arguments', () => {
  it('gives a key=value the nearest named tool lacks to every named tool whose schema has that property', () => {
    expect(calls(plan('weather and flights city=Lisbon days=3 direct=yes', [weather, flights]))).toEqual([
      { toolName: 'weather', input: { city: '', days: 3 } },
      { toolName: 'flights', input: { city: 'Lisbon', direct: true } },
    ]);
  });

  it('converts values to the property type', () => {
    const all = fn('all', {
      n: { type: 'number' },
      i: { type: 'integer' },
      b: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' } },
      nums: { type: 'array', items: { type: 'number' } },
      obj: { type: 'object' },
      maybe: { type: ['integer', 'null'] },
      union: { anyOf: [{ type: 'null' }, { type: 'boolean' }] },
      mode: { type: 'string', enum: ['fast', 'slow'] },
    });
    const [call] = calls(plan('all n=2.5 i=7 b=off tags=a,b nums=1,2.5 obj={"k":1} maybe=4 union=true mode=slow', [all]));
    expect(call?.input).toEqual({ n: 2.5, i: 7, b: false, tags: ['a', 'b'], nums: [1, 2.5], obj: { k: 1 }, maybe: 4, union: true, mode: 'slow' });
  });

  it('keeps a value that does not convert as a string, so validation names the problem', () => {
    const [call] = calls(plan('weather city=Oslo days=soon', [weather]));
    expect(call?.input).toEqual({ city: 'Oslo', days: 'soon' });
    const [decimal] = calls(plan('weather city=Oslo days=2.5', [weather]));
    expect(decimal?.input['days']).toBe('2.5');
  });

  it('gives a key=value word to the tool named most recently before it when that tool has the property', () => {
    const readFile = fn('read_file', { path: { type: 'string' } }, ['path']);
    const listDirectory = fn('list_directory', { path: { type: 'string' } }, ['path']);
    expect(calls(plan('read_file path=README.md and list_directory path=.', [readFile, listDirectory]))).toEqual([
      { toolName: 'read_file', input: { path: 'README.md' } },
      { toolName: 'list_directory', input: { path: '.' } },
    ]);
    // The nearest tool before it lacks the property: every named tool that has it takes the word.
    expect(calls(plan('flights weather search max_price=90 city=Rome', [weather, flights, search]))).toEqual([
      { toolName: 'flights', input: { city: 'Rome', max_price: 90, direct: false } },
      { toolName: 'weather', input: { city: 'Rome' } },
      { toolName: 'search', input: { query: '' } },
    ]);
    // Before any tool is named: every named tool that has it.
    expect(calls(plan('city=Oslo weather and flights', [weather, flights])).map((call) => call.input['city'])).toEqual(['Oslo', 'Oslo']);
  });

  it('drops one trailing , ; or . from a bare value unless that leaves it empty', () => {
    const listDirectory = fn('list_directory', { path: { type: 'string' } }, ['path']);
    const value = (text: string) => calls(plan(text, [listDirectory]))[0]?.input['path'];
    expect(value('list_directory path=.')).toBe('.');
    expect(value('list_directory path=..')).toBe('.');
    expect(value('list_directory path=src;')).toBe('src');
    expect(value('list_directory path=src,, now')).toBe('src,');
    expect(value('list_directory path=src!')).toBe('src!');
  });

  it('takes quoted values with spaces and drops sentence punctuation after a bare value', () => {
    const [call] = calls(plan('weather city="New York", please', [weather]));
    expect(call?.input).toEqual({ city: 'New York' });
    const [bare] = calls(plan('weather for city=Oslo.', [weather]));
    expect(bare?.input).toEqual({ city: 'Oslo' });
    const [single] = calls(plan("weather city='Rio de Janeiro'", [weather]));
    expect(single?.input).toEqual({ city: 'Rio de Janeiro' });
  });

  it('uses schema defaults, then empty values of the type for required properties', () => {
    const tool = fn(
      'book',
      {
        title: { type: 'string' },
        count: { type: 'integer', default: 2 },
        ratio: { type: 'number' },
        ok: { type: 'boolean' },
        list: { type: 'array' },
        nested: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'string' } }, required: ['a'] },
        nothing: { type: 'null' },
        level: { enum: ['low', 'high'] },
        fixed: { const: 'v1' },
        optional: { type: 'string' },
        any: {},
      },
      ['title', 'ratio', 'ok', 'list', 'nested', 'nothing', 'level', 'fixed', 'any'],
    );
    const [call] = calls(plan('book', [tool]));
    expect(call?.input).toEqual({
      title: '',
      count: 2,
      ratio: 0,
      ok: false,
      list: [],
      nested: { a: 0 },
      nothing: null,
      level: 'low',
      fixed: 'v1',
      any: '',
    });
  });

  it('a typed value wins over the default', () => {
    const tool = fn('repeat', { times: { type: 'integer', default: 2 } });
    expect(calls(plan('repeat times=5', [tool]))[0]?.input).toEqual({ times: 5 });
  });

  it('states its rule in the reasoning and says the calls run together', () => {
    const result = plan('weather and flights city=Rome', [weather, flights]);
    expect(result.kind).toBe('call-tools');
    if (result.kind !== 'call-tools') return;
    expect(result.reasoning).toBe('Named tools: weather, flights. Arguments from the prompt: city=Rome.');
    expect(result.text).toBe('Calling weather and flights at the same time, as one tool group.');
    const quoted = plan('weather city="New York" days=2', [weather]);
    expect(quoted.kind === 'call-tools' && quoted.reasoning).toBe('Named tool: weather. Arguments from the prompt: city="New York" days=2.');
  });

  it('numbers call ids after the calls already in the conversation', () => {
    const history: Message[] = [
      userMessage('weather'),
      { role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 'x', toolName: 'weather', toolArgs: '{}' }] },
      {
        role: 'tool',
        parts: [{ type: 'tool-result', toolCallId: 'x', toolName: 'weather', status: 'success', result: 'ok', modelInput: { type: 'text', value: 'ok' } }],
      },
      { role: 'assistant', parts: [{ type: 'text', text: 'done' }] },
    ];
    const result = plan('weather and flights', [weather, flights], history);
    expect(result.kind === 'call-tools' && result.calls.map((call) => call.toolCallId)).toEqual(['demo_call_2', 'demo_call_3']);
  });
});

describe('planDemoTurn: after tool results', () => {
  it('narrates each result in call order, with errors and cancellations', () => {
    const toolMessage: Message = {
      role: 'tool',
      parts: [
        { type: 'tool-result', toolCallId: 'a', toolName: 'weather', status: 'success', result: {}, modelInput: { type: 'json', value: { sky: 'clear' } } },
        { type: 'tool-result', toolCallId: 'b', toolName: 'flights', status: 'error', result: 'x', modelInput: { type: 'text', value: 'flights: no route' } },
        { type: 'tool-result', toolCallId: 'c', toolName: 'hotels', status: 'cancelled', result: null, modelInput: { type: 'text', value: 'cancelled' } },
        {
          type: 'tool-result',
          toolCallId: 'd',
          toolName: 'photo',
          status: 'success',
          result: null,
          modelInput: { type: 'content', value: [{ type: 'text', text: 'A cat' }, { type: 'file', mediaType: 'image/png', data: new Uint8Array(1) }] },
        },
      ],
    };
    const result = planDemoTurn({ tools: [weather], messages: [userMessage('weather'), toolMessage] });
    expect(result).toEqual({
      kind: 'narrate',
      text: 'The tools returned:\n- weather: {"sky":"clear"}\n- flights failed: flights: no route\n- hotels was cancelled.\n- photo: A cat [image/png file]',
    });
  });

  it('never calls a tool after results, even when the prompt named one (so a run ends)', () => {
    const toolMessage: Message = {
      role: 'tool',
      parts: [{ type: 'tool-result', toolCallId: 'a', toolName: 'weather', status: 'success', result: 'ok', modelInput: { type: 'text', value: 'x'.repeat(500) } }],
    };
    const result = planDemoTurn({ tools: [weather], messages: [userMessage('weather'), toolMessage] });
    expect(result.kind).toBe('narrate');
    expect(result.text.length).toBeLessThan(250);
    expect(result.text.endsWith('…')).toBe(true);
  });
});
