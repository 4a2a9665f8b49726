/**
 * Numbered schema migrations. Append only: a released migration is never edited, a new one is added.
 * Lists keep a monotonic `seq` so keyset pagination ("newest first") is an index range scan.
 */
export const migrations: string[] = [
  /* 1: workspaces, keys, core resources, content catalog, idempotency */ `
  CREATE TABLE workspaces (
    id TEXT PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    exploration INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id),
    name TEXT NOT NULL,
    hash TEXT NOT NULL UNIQUE,
    hint TEXT NOT NULL,
    scopes TEXT NOT NULL,
    customer_ids TEXT,
    campaign_ids TEXT,
    created_at TEXT NOT NULL,
    revoked_at TEXT
  );
  CREATE TABLE ad_accounts (
    customer_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id),
    name TEXT NOT NULL,
    currency_code TEXT NOT NULL,
    time_zone TEXT NOT NULL,
    is_default INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );
  CREATE INDEX ad_accounts_ws ON ad_accounts(workspace_id);
  CREATE TABLE brands (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id),
    name TEXT NOT NULL,
    website TEXT NOT NULL,
    description TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX brands_ws ON brands(workspace_id, seq);
  CREATE TABLE campaigns (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id),
    name TEXT NOT NULL,
    status TEXT NOT NULL,
    objective TEXT NOT NULL,
    brand_id TEXT,
    industry TEXT NOT NULL,
    language TEXT NOT NULL,
    locations TEXT NOT NULL,
    success_metrics TEXT NOT NULL,
    campaign_type TEXT,
    budget REAL,
    budget_type TEXT,
    end_date TEXT,
    bidding_strategy TEXT,
    target_cpa REAL,
    target_roas REAL,
    customer_id TEXT,
    ads_campaign_id TEXT,
    ads_status TEXT,
    ads_synced_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX campaigns_ws ON campaigns(workspace_id, seq);
  CREATE INDEX campaigns_ws_status ON campaigns(workspace_id, status, seq);
  CREATE INDEX campaigns_brand ON campaigns(brand_id);
  CREATE TABLE campaign_audiences (
    id TEXT PRIMARY KEY,
    campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    audience_id TEXT,
    data_store_ids TEXT NOT NULL,
    snapshot TEXT NOT NULL,
    targeting_status TEXT NOT NULL DEFAULT 'not_generated',
    targeting_error TEXT NOT NULL DEFAULT '',
    targeting_items TEXT NOT NULL DEFAULT '[]',
    targeting_updated_at TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX campaign_audiences_campaign ON campaign_audiences(campaign_id, position);
  CREATE TABLE audiences (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id),
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    kind TEXT NOT NULL,
    keywords TEXT NOT NULL,
    topics TEXT NOT NULL,
    tags TEXT NOT NULL,
    data_store_ids TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX audiences_ws ON audiences(workspace_id, seq);
  CREATE TABLE data_stores (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    workspace_id TEXT REFERENCES workspaces(id),
    scope TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    status TEXT NOT NULL,
    error TEXT NOT NULL DEFAULT '',
    channel_count INTEGER NOT NULL DEFAULT 0,
    video_count INTEGER NOT NULL DEFAULT 0,
    source_channel_ids TEXT NOT NULL DEFAULT '[]',
    source_video_ids TEXT NOT NULL DEFAULT '[]',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    ready_at TEXT
  );
  CREATE INDEX data_stores_ws ON data_stores(workspace_id, seq);
  CREATE INDEX data_stores_scope ON data_stores(scope, seq);
  CREATE TABLE data_store_channels (
    data_store_id TEXT NOT NULL REFERENCES data_stores(id) ON DELETE CASCADE,
    channel_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (data_store_id, channel_id)
  );
  CREATE TABLE data_store_videos (
    data_store_id TEXT NOT NULL REFERENCES data_stores(id) ON DELETE CASCADE,
    video_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (data_store_id, video_id)
  );
  -- The local content catalog, in the spirit of the YouTube Data API. owner '' is the shared catalog;
  -- otherwise the workspace that imported the item (its copy wins over the shared one).
  CREATE TABLE yt_channels (
    owner TEXT NOT NULL,
    id TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    handle TEXT NOT NULL,
    image_url TEXT NOT NULL,
    country TEXT NOT NULL,
    subscribers INTEGER NOT NULL,
    keywords TEXT NOT NULL,
    published_at TEXT,
    PRIMARY KEY (owner, id)
  );
  CREATE TABLE yt_videos (
    owner TEXT NOT NULL,
    id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    tags TEXT NOT NULL,
    published_at TEXT,
    view_count INTEGER NOT NULL,
    like_count INTEGER NOT NULL,
    comment_count INTEGER NOT NULL,
    duration TEXT NOT NULL,
    PRIMARY KEY (owner, id)
  );
  CREATE INDEX yt_videos_channel ON yt_videos(owner, channel_id, published_at);
  CREATE TABLE yt_comments (
    owner TEXT NOT NULL,
    id TEXT NOT NULL,
    video_id TEXT NOT NULL,
    author TEXT NOT NULL,
    text TEXT NOT NULL,
    like_count INTEGER NOT NULL,
    published_at TEXT,
    PRIMARY KEY (owner, id)
  );
  CREATE INDEX yt_comments_video ON yt_comments(owner, video_id);
  CREATE TABLE idempotency (
    api_key_id TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (api_key_id, key)
  );
  CREATE INDEX idempotency_created ON idempotency(created_at);
  `,
  /* 2: durable background jobs, and the simulated ad platform */ `
  CREATE TABLE jobs (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    subject TEXT NOT NULL,
    workspace_id TEXT,
    payload TEXT NOT NULL DEFAULT '{}',
    state TEXT NOT NULL,
    run_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    lease_owner TEXT,
    lease_until TEXT,
    error TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    finished_at TEXT
  );
  CREATE INDEX jobs_due ON jobs(state, run_at);
  -- Where a data store's link came from: 'import', or 'collect' (replaced when sources change).
  ALTER TABLE data_store_channels ADD COLUMN origin TEXT NOT NULL DEFAULT 'import';
  ALTER TABLE data_store_videos ADD COLUMN origin TEXT NOT NULL DEFAULT 'import';
  CREATE INDEX jobs_subject ON jobs(kind, subject, state);
  -- The simulated ad platform's own records: what it holds is only what a sync carried over.
  CREATE TABLE ads_campaigns (
    campaign_id TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL,
    service_campaign_id TEXT NOT NULL,
    name TEXT NOT NULL,
    status TEXT NOT NULL,
    settings TEXT NOT NULL,
    created_at TEXT NOT NULL,
    synced_at TEXT
  );
  CREATE INDEX ads_campaigns_customer ON ads_campaigns(customer_id);
  -- Settings as each sync delivered them, so a day's figures follow the budget in force that day.
  CREATE TABLE ads_settings_history (
    campaign_id TEXT NOT NULL,
    at TEXT NOT NULL,
    settings TEXT NOT NULL,
    PRIMARY KEY (campaign_id, at)
  );
  CREATE TABLE ads_status_changes (
    campaign_id TEXT NOT NULL,
    at TEXT NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (campaign_id, at, status)
  );
  `,
  /* 3: per-workspace clocks and fault rules of adcli serve (its request journal has a file of its own); a sync per workspace */ `
  CREATE TABLE workspace_clocks (
    workspace_id TEXT PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
    -- frozen: the instant it stands at; running: NULL, and offset_ms ahead of real time
    frozen_at TEXT,
    offset_ms INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE fault_rules (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    status INTEGER,
    delay_ms INTEGER,
    drop_connection INTEGER NOT NULL DEFAULT 0,
    remaining INTEGER,
    probability REAL,
    matched INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );
  CREATE INDEX fault_rules_workspace ON fault_rules(workspace_id, seq);
  CREATE INDEX jobs_workspace ON jobs(workspace_id, state, run_at);
  -- The periodic sync was one job for the whole store; each workspace now syncs on its own clock.
  DELETE FROM jobs WHERE kind = 'sync_ads' AND subject = 'all';
  UPDATE jobs SET workspace_id = (SELECT workspace_id FROM data_stores WHERE id = jobs.subject)
    WHERE kind = 'collect_data_store' AND workspace_id IS NULL;
  UPDATE jobs SET workspace_id = (SELECT c.workspace_id FROM campaign_audiences a JOIN campaigns c ON c.id = a.campaign_id WHERE a.id = jobs.subject)
    WHERE kind = 'generate_targeting' AND workspace_id IS NULL;
  `,
  /* 4: the simulated platform's campaigns keep their creation order in a column (it was the rowid) */ `
  ALTER TABLE ads_campaigns ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
  UPDATE ads_campaigns SET seq = rowid;
  `,
  /* 5: page sessions in the store (shared by replicas, per workspace); fault rules a limited key owns */ `
  -- Login links and sessions of the pages, by the SHA-256 of their token: never a token itself.
  -- Times are real milliseconds: a workspace's clock never signs anybody out.
  CREATE TABLE web_sessions (
    hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    key_id TEXT NOT NULL,
    page TEXT NOT NULL DEFAULT '',
    flash TEXT,
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL
  );
  CREATE INDEX web_sessions_workspace ON web_sessions(workspace_id, kind, created_ms);
  -- A rule added by a key limited to accounts or campaigns applies to that key's requests only.
  ALTER TABLE fault_rules ADD COLUMN key_id TEXT;
  -- What a slot's generation leaves out: items a person removed, other brands of the workspace
  -- (JSON: [{section, text, reason}]); regenerating never adds them back until they are cleared.
  ALTER TABLE campaign_audiences ADD COLUMN targeting_exclusions TEXT NOT NULL DEFAULT '[]';
  -- A clock advance under way, stepping through due jobs one transaction at a time: while its lease
  -- (real time) runs, only it runs the workspace's jobs; a retry with its Idempotency-Key resumes it.
  CREATE TABLE clock_advances (
    workspace_id TEXT PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
    target TEXT NOT NULL,
    owner TEXT NOT NULL,
    lease_until TEXT NOT NULL,
    api_key_id TEXT,
    idempotency_key TEXT,
    fingerprint TEXT,
    ran TEXT NOT NULL DEFAULT '{}',
    started_at TEXT NOT NULL
  );
  `,
  /* 6: what each ref of an applied fixtures file names (adcli backend apply) */ `
  CREATE TABLE fixture_refs (
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    ref TEXT NOT NULL,
    kind TEXT NOT NULL,
    record_id TEXT NOT NULL,
    PRIMARY KEY (workspace_id, ref)
  );
  `,
  /*
   * 7: YouTube Data API units spent per UTC day: the server's (workspace_id '', within
   * --youtube-quota) and each workspace's (within --youtube-workspace-quota); no foreign key, as
   * units a deleted workspace spent today stay spent
   */ `
  CREATE TABLE youtube_quota (
    day TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    units INTEGER NOT NULL,
    PRIMARY KEY (day, workspace_id)
  );
  `,
  /*
   * 8: the job queue's round of workspaces: each one's oldest due job is one index seek away, past
   * however many jobs another workspace has queued (server/jobs/queue.ts, claim)
   */ `
  CREATE INDEX jobs_turns ON jobs(state, workspace_id, run_at, id);
  `,
  /*
   * 9: Google Ads (adcli serve --ads-platform google-ads): which accounts each workspace may use
   * (adcli serve ads link), and for each campaign adcli created there, its account, workspace and
   * service campaign, the budget and ad group made with it, the settings and criteria last delivered
   * and the items Google Ads refused. No credential is ever stored. Campaigns keep no foreign key:
   * the campaign in Google Ads outlives the service's and the workspace's records.
   */ `
  CREATE TABLE google_ads_links (
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    customer_id TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (workspace_id, customer_id)
  );
  CREATE INDEX google_ads_links_customer ON google_ads_links(customer_id);
  CREATE TABLE google_ads_campaigns (
    campaign_id TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    service_campaign_id TEXT NOT NULL UNIQUE,
    budget TEXT NOT NULL,
    ad_group TEXT NOT NULL,
    settings TEXT NOT NULL,
    criteria TEXT NOT NULL DEFAULT '{}',
    problems TEXT NOT NULL DEFAULT '[]',
    created_at TEXT NOT NULL,
    synced_at TEXT,
    seq INTEGER NOT NULL
  );
  CREATE INDEX google_ads_campaigns_customer ON google_ads_campaigns(customer_id, created_at, seq);
  `,
  /*
   * 10: a publish to the ad platform under way (create_ads_campaign, server/domain/ads-publish.ts):
   * the campaign, the account it goes to and who publishes it, while the platform is called outside
   * any transaction. Its lease (real time) lets a retry or the sync take over from a process that
   * died; the row goes with its campaign.
   */ `
  CREATE TABLE ads_publishes (
    campaign_id TEXT PRIMARY KEY REFERENCES campaigns(id) ON DELETE CASCADE,
    workspace_id TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    owner TEXT NOT NULL,
    lease_until TEXT NOT NULL,
    api_key_id TEXT,
    idempotency_key TEXT,
    fingerprint TEXT,
    started_at TEXT NOT NULL
  );
  CREATE INDEX ads_publishes_workspace ON ads_publishes(workspace_id);
  `,
];
