#!/usr/bin/env node
// The `waymark` command: loads the TypeScript sources through tsx, then runs the CLI.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
