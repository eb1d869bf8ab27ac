import { parseArgs } from 'node:util';

/**
 * A bench's command-line options, declared once: each one's kind, default and
 * help line. `--help` (`-h`) prints the bench's usage and the options, then
 * exits; an unknown option, a number that is not one or a value outside its
 * choices stops the bench with a message before anything starts.
 */
export type BenchOption =
  /** `--name N`: a number, `number` when not given. */
  | { number: number; help: string }
  /** `--name a|b`: one of the choices, the first when not given. */
  | { choices: readonly [string, ...string[]]; help: string }
  /** `--name`: a switch, off when not given. */
  | { flag: true; help: string }
  /** `--name VALUE`: a text, undefined when not given. */
  | { text: string; help: string };

export type BenchValues<T extends Record<string, BenchOption>> = {
  [K in keyof T]: T[K] extends { number: number }
    ? number
    : T[K] extends { choices: readonly (infer C)[] }
      ? C
      : T[K] extends { flag: true }
        ? boolean
        : string | undefined;
};

const COLUMN = 20;

const label = (name: string, option: BenchOption) =>
  `--${name}${'number' in option ? ' N' : 'choices' in option ? ` ${option.choices.join('|')}` : 'text' in option ? ` ${option.text}` : ''}`;

const fallback = (option: BenchOption) =>
  'number' in option ? ` (default ${option.number})` : 'choices' in option ? ` (default ${option.choices[0]})` : '';

/** The options part of the usage text: one entry an option, its help indented under it when it runs on. */
export function optionLines(options: Record<string, BenchOption>): string {
  const lines = Object.entries(options).map(([name, option]) => {
    const head = `  ${label(name, option)}`;
    const help = `${option.help}${fallback(option)}`.split('\n').join(`\n${' '.repeat(COLUMN)}`);
    return head.length < COLUMN ? `${head.padEnd(COLUMN)}${help}` : `${head}\n${' '.repeat(COLUMN)}${help}`;
  });
  return [...lines, `${'  -h, --help'.padEnd(COLUMN)}this text`].join('\n');
}

/**
 * Parses `argv` (the process's arguments by default) against `options`;
 * --help prints `usage`, the options, then `footer` when there is one.
 */
export function benchArgs<const T extends Record<string, BenchOption>>(
  usage: string,
  options: T,
  { footer, argv = process.argv.slice(2) }: { footer?: string; argv?: string[] } = {},
): BenchValues<T> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...Object.fromEntries(
        Object.entries(options).map(([name, option]) => [name, { type: 'flag' in option ? 'boolean' : 'string' }]),
      ),
      help: { type: 'boolean', short: 'h' },
    } as Record<string, { type: 'string' | 'boolean'; short?: string }>,
  });
  if (values.help) {
    process.stdout.write(`${usage}\n\n${optionLines(options)}\n${footer ? `\n${footer}\n` : ''}`);
    process.exit(0);
  }
  const out: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(options)) {
    const given = values[name];
    if ('flag' in option) out[name] = given === true;
    else if ('text' in option) out[name] = given;
    else if ('choices' in option) {
      const choice = given ?? option.choices[0];
      if (typeof choice !== 'string' || !option.choices.includes(choice))
        throw new Error(`--${name} ${option.choices.join('|')}`);
      out[name] = choice;
    } else {
      const n = given === undefined ? option.number : Number(given);
      if (!Number.isFinite(n)) throw new Error(`--${name} takes a number`);
      out[name] = n;
    }
  }
  return out as BenchValues<T>;
}
