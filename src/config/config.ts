// The validated configuration the composition root receives. Nothing else reads process.env. Its type is
// what the schema table (schema.ts) parses each key to; the MX host defaults to the host name.
import type { z } from 'zod';
import type { configKeys, ConfigName } from './schema.js';

type Parsed = { [K in ConfigName]: z.output<(typeof configKeys)[K]['schema']> };

export type Config = Omit<Parsed, 'mxHost'> & { mxHost: string };
