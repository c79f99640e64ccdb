// The browser module: the page imports it and calls runTandemProgram(config).
export { runProgram as runTandemProgram } from './program.js';
