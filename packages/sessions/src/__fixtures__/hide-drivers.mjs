// Preload (node --import): makes better-sqlite3 and pg look uninstalled, for require() and import() alike.
import Module, { register } from 'node:module';

const hidden = new Set(['better-sqlite3', 'pg']);
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (hidden.has(request)) {
    const error = new Error(`Cannot find module '${request}'`);
    error.code = 'MODULE_NOT_FOUND';
    throw error;
  }
  return resolveFilename.call(this, request, ...rest);
};
const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === 'better-sqlite3' || specifier === 'pg') {
    const error = new Error("Cannot find package '" + specifier + "' imported from " + context.parentURL);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
