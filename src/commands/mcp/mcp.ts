import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

/** `adcli mcp`: an MCP server on stdio. */
export function registerMcp(program: Command, f: Factory, deep: boolean): void {
  const mcp = examples(
    program
      .command('mcp')
      .description(
        'Run an MCP server on stdio for desktop MCP clients: every API operation as a tool, sent to the chosen profile',
      ),
    '# the command an MCP client (a desktop app) starts; it speaks JSON-RPC on stdin and stdout',
    'adcli mcp',
    'adcli mcp --profile local',
    '# an assistant that may look but not touch, and only at campaigns and their targeting',
    'adcli mcp --read-only --toolsets campaigns,targeting',
  );
  if (!deep) return;
  mcp
    .option(
      '--read-only',
      'serve only the tools that read: a tool that changes data is not listed and a call of it is refused (else ADCLI_MCP_READ_ONLY)',
    )
    .option(
      '--toolsets <names>',
      'serve only these toolsets, comma-separated (the API groups: campaigns, targeting, audiences…; all for every one; a wrong name lists them) (else ADCLI_MCP_TOOLSETS)',
    )
    .action(async (_o, cmd) => (await import('./mcp-command.ts')).mcpCommand(f, cmd));
}
