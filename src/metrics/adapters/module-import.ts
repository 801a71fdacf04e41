import { pathToFileURL } from 'node:url';
import { explainImportError } from './import-error.js';

/**
 * Imports a JS or TS module; TypeScript goes through tsx so users need no build step.
 * @throws ModuleSyntaxError (`file:line:col: message`) when the module does not compile.
 */
export async function importModule(file: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(file).href;
  try {
    if (/\.(c|m)?tsx?$/.test(file)) {
      const { tsImport } = await import('tsx/esm/api');
      return (await tsImport(url, import.meta.url)) as Record<string, unknown>;
    }
    return (await import(url)) as Record<string, unknown>;
  } catch (e) {
    throw explainImportError(e, file);
  }
}

/**
 * A module's main export: `default`, else the named export `name`. tsx loads a .ts file
 * outside a `"type": "module"` package as CommonJS, where `default` is the whole exports
 * object; that extra layer is removed here.
 */
export function mainExport(mod: Record<string, unknown>, name: string): unknown {
  let exported: unknown = mod.default ?? mod[name];
  if (exported && typeof exported === 'object' && mod.default === exported && ('default' in exported || name in exported)) {
    const inner = exported as Record<string, unknown>;
    // An ES module compiled to CommonJS is marked __esModule: its `default` is the export, even
    // when it also has a named export called `score` (a metric module's helper, say).
    if (inner.__esModule === true || (!('score' in inner) && !('onRunEnd' in inner))) exported = inner.default ?? inner[name];
  }
  return exported;
}
