// Wraps a real provider package's factories so that every model they make is swapped for a stand-in model.
// The real factory runs first, so settings and model ids are still checked by the real code.
import type { BidiModel, LanguageModel } from '@tandem/core/spec';
import { standInBidiModel, standInLanguageModel } from './stand-in-models.js';

function isLanguageModel(value: unknown): value is LanguageModel {
  return typeof value === 'object' && value !== null && 'specificationVersion' in value && typeof (value as LanguageModel).stream === 'function';
}

function isBidiModel(value: unknown): value is BidiModel {
  return typeof value === 'object' && value !== null && 'specificationVersion' in value && typeof (value as BidiModel).connect === 'function';
}

function standIn(value: unknown): unknown {
  if (isLanguageModel(value)) return standInLanguageModel(value);
  if (isBidiModel(value)) return standInBidiModel(value);
  if (typeof value === 'function') return wrapFactory(value as (...args: unknown[]) => unknown);
  return value;
}

const wrapped = new WeakMap<object, unknown>();

/** `factory`, but what it (or any of its methods) returns is a stand-in when it is a model. */
export function wrapFactory<F extends (...args: never[]) => unknown>(factory: F): F {
  const known = wrapped.get(factory);
  if (known !== undefined) return known as F;
  const proxy = new Proxy(factory, {
    apply: (target, self, args) => standIn(Reflect.apply(target, self, args)),
    get: (target, property, receiver) => {
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? wrapFactory((value as (...args: unknown[]) => unknown).bind(target)) : value;
    },
  });
  wrapped.set(factory, proxy);
  return proxy;
}

/** A provider plugin whose `create()` makes stand-in models. */
export function wrapPlugin<P extends { readonly create: (...args: never[]) => unknown }>(plugin: P): P {
  return { ...plugin, create: wrapFactory(plugin.create) };
}
