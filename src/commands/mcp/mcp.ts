import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

/** `adcli mcp`: an MCP server on stdio. */
export function registerMcp(program: Command, f: Factory): void {
  examples(
    program
      .command('mcp')
      .description(
        'Run an MCP server on stdio for desktop MCP clients: every API operation as a tool, sent to the chosen profile',
      )
      .action(async (_o, cmd) => (await import('./mcp-command.ts')).mcpCommand(f, cmd)),
    '# the command an MCP client (a desktop app) starts; it speaks JSON-RPC on stdin and stdout',
    'adcli mcp',
    'adcli mcp --profile local',
  );
}
