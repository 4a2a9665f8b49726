import { withServices } from './keys.ts';

export function setStatus(campaign: string, status: 'ENABLED' | 'PAUSED' | 'REMOVED', opts: { data?: string; json?: boolean }): void {
  const result = withServices(opts, (s) => s.deps.store.write(() => s.ads.setStatus(campaign, status)));
  if (opts.json) process.stdout.write(JSON.stringify(result) + '\n');
  else
    process.stderr.write(
      `Campaign ${result.campaignId} (ad platform ${result.googleAdsCampaignId}) is now ${result.status} in the ad platform; the service picks this up at its next sync.\n`,
    );
}
