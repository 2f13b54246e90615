import type { Command } from 'commander';
import type { Context } from '../context';

/** Wraps a handler: commander passes (positionals…, options, command); the handler gets (ctx, positionals…, options). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Act = (fn: (ctx: Context, ...args: any[]) => Promise<void>) => (...args: unknown[]) => Promise<void>;

/** Adds one group of commands to the program. */
export type Register = (program: Command, act: Act) => void;

/** The "Examples:" block of a command's help. */
export const examples = (lines: readonly string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
