import type { Command } from 'commander';
import { z } from 'zod';
import { CaseFileSchema } from '../../cases/schema.js';
import { ConfigSchema } from '../../config/schema.js';
import { SuiteSchema } from '../../suite/schema.js';
import type { CliIO } from '../io.js';

const schemas = { case: CaseFileSchema, suite: SuiteSchema, config: ConfigSchema } as const;

/** The JSON Schema of case files (or suites, configs), generated from the zod schemas. */
export function jsonSchemaOf(kind: keyof typeof schemas): Record<string, unknown> {
  const schema = z.toJSONSchema(schemas[kind], { unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
  return { ...schema, title: `metric-suite ${kind} file` };
}

/** `metric-suite schema [case|suite|config]`: print a JSON Schema for editors. */
export function registerSchema(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  return program
    .command('schema')
    .description('print the JSON Schema of case files (or suite or config files) for editor autocompletion')
    .argument('[kind]', 'case, suite or config', 'case')
    .action((kind: string) => {
      if (!(kind in schemas)) {
        io.stderr.write(`metric-suite: unknown schema "${kind}" (case, suite or config)\n`);
        return setExit(2);
      }
      io.stdout.write(`${JSON.stringify(jsonSchemaOf(kind as keyof typeof schemas), null, 2)}\n`);
      setExit(0);
    });
}
