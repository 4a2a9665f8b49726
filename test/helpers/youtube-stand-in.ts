/**
 * A stand-in for the YouTube Data API v3: a small local HTTP server that answers `channels.list`,
 * `playlistItems.list`, `videos.list` and `commentThreads.list` from a little world of channels,
 * videos and comments, so collection is tested end to end without Google.
 *
 * The shapes are recorded from the YouTube Data API v3 reference (developers.google.com/youtube/v3/docs:
 * the channel, playlistItem, video, commentThread and comment resources and their `list` methods,
 * and the API's error documentation): list answers are `{kind: 'youtube#channelListResponse', etag,
 * nextPageToken?, pageInfo: {totalResults, resultsPerPage}, items}` (the `items` key left out when
 * nothing matched, as the API does for unknown ids); only the `part`s asked for are in an item;
 * counts in `statistics` are decimal strings; errors are `{error: {code, message, errors: [{message,
 * domain, reason}], status}}`, e.g. 403 `quotaExceeded` in domain `youtube.quota`, 403
 * `commentsDisabled`, 404 `playlistNotFound`, 400 `badRequest` with the ErrorInfo `API_KEY_INVALID` in
 * `details` for a key that is not valid (`fail` plays keyInvalid, accessNotConfigured, forbidden).
 *
 * The key is read from the `X-Goog-Api-Key` header (or a `key` parameter, which the tests check is
 * never used). Every request is recorded; `fail` makes the next requests of an endpoint fail.
 *
 * A hostile or broken API is played with `redirect` (a 302 to another host), `endlessPages` (a
 * playlist whose every page is empty and names a next one: the documented shape, never ending) and
 * `oversize` (a list answer of many megabytes, written only as fast as the client reads it).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInComment {
  id: string;
  author: string;
  text: string;
  likes: number;
  publishedAt: string;
}

export interface StandInVideo {
  id: string;
  title: string;
  description: string;
  tags: string[];
  publishedAt: string;
  views: number;
  likes: number;
  duration: string;
  comments: StandInComment[];
  /** commentThreads.list answers 403 commentsDisabled */
  commentsDisabled?: boolean;
  /** its owner hid its counts: `statistics` comes without viewCount and likeCount */
  hiddenCounts?: boolean;
}

export interface StandInChannel {
  id: string;
  title: string;
  description: string;
  handle: string;
  country: string;
  publishedAt: string;
  subscribers: number;
  keywords: string;
  /** newest first, as the uploads playlist lists them */
  videos: StandInVideo[];
}

export type Endpoint = 'channels' | 'playlistItems' | 'videos' | 'commentThreads';

export interface RecordedRequest {
  endpoint: Endpoint | string;
  /** the request's path and query, as sent */
  url: string;
  params: Record<string, string>;
  /** the X-Goog-Api-Key header */
  keyHeader: string | undefined;
  status: number;
}

export interface Failure {
  status: number;
  /** the API's errors[0].reason, e.g. quotaExceeded, rateLimitExceeded, backendError */
  reason: string;
  /** the API's message (default: the reference's message for the reason) */
  message?: string;
  /** the reason of the answer's `details[]` ErrorInfo (e.g. API_KEY_INVALID, SERVICE_DISABLED) */
  detail?: string;
  /** how many requests fail (default 1) */
  times?: number;
}

export interface Oversize {
  /** the answer's size in bytes */
  bytes: number;
  /** send a Content-Length (default: chunked, so only reading tells the size) */
  declareLength?: boolean;
}

export interface YouTubeStandIn {
  /** e.g. http://127.0.0.1:41234/youtube/v3 */
  baseUrl: string;
  requests: RecordedRequest[];
  /** how many requests (list calls, so quota units) an endpoint, or all of them, answered */
  calls(endpoint?: Endpoint): number;
  /** the next requests of an endpoint ('*': any) fail as the API fails */
  fail(endpoint: Endpoint | '*', failure: Failure): void;
  /** the next request of an endpoint is answered `302 Found` with this Location */
  redirect(endpoint: Endpoint | '*', location: string): void;
  /** playlistItems.list of this channel's uploads answers every page with no items and a next page */
  endlessPages(channelId: string): void;
  /** the next request of an endpoint is answered 200 with a list of videos of `bytes` bytes */
  oversize(endpoint: Endpoint, answer: Oversize): void;
  /** bytes of oversized answers the client took before it stopped reading */
  oversizeSent(): number;
  close(): Promise<void>;
}

const MESSAGES: Record<string, string> = {
  quotaExceeded:
    'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
  rateLimitExceeded: 'Rate Limit Exceeded',
  backendError: 'Backend Error',
  badRequest: 'API key not valid. Please pass a valid API key.',
  keyInvalid: 'Bad Request',
  accessNotConfigured:
    'YouTube Data API v3 has not been used in project 123456789012 before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/youtube.googleapis.com/overview?project=123456789012 then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.',
  forbidden:
    'Requests to this API youtube method youtube.api.v3.V3DataChannelService.List are blocked.',
};
const DOMAINS: Record<string, string> = {
  quotaExceeded: 'youtube.quota',
  rateLimitExceeded: 'usageLimits',
  keyInvalid: 'usageLimits',
  accessNotConfigured: 'usageLimits',
  commentsDisabled: 'youtube.commentThread',
  playlistNotFound: 'youtube.playlistItem',
};
const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** Starts the stand-in on a free port of 127.0.0.1, answering requests that carry `key`. */
export async function startYouTubeStandIn(opts: {
  key: string;
  channels?: StandInChannel[];
}): Promise<YouTubeStandIn> {
  const world = opts.channels ?? standInWorld();
  const requests: RecordedRequest[] = [];
  const failures: { endpoint: Endpoint | '*'; failure: Failure; left: number }[] = [];
  const redirects: { endpoint: Endpoint | '*'; location: string }[] = [];
  const endless = new Set<string>();
  const oversized: { endpoint: Endpoint; answer: Oversize }[] = [];
  let oversizeSent = 0;
  const videos = new Map<string, { video: StandInVideo; channel: StandInChannel }>();
  for (const channel of world)
    for (const video of channel.videos) videos.set(video.id, { video, channel });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const endpoint = url.pathname.replace(/^\/youtube\/v3\//, '');
    const params = Object.fromEntries(url.searchParams);
    const keyHeader = header(req, 'x-goog-api-key');
    const answer = (status: number, body: unknown) => {
      requests.push({ endpoint, url: req.url ?? '', params, keyHeader, status });
      send(res, status, body);
    };
    if (req.method !== 'GET') return answer(405, apiError(405, 'methodNotAllowed', 'GET only'));
    if ((keyHeader ?? params.key) !== opts.key)
      return answer(
        400,
        apiError(400, 'badRequest', MESSAGES.badRequest!, undefined, 'API_KEY_INVALID'),
      );
    const failing = failures.find(
      (f) => f.left > 0 && (f.endpoint === '*' || f.endpoint === endpoint),
    );
    if (failing) {
      failing.left--;
      const { status, reason, message, detail } = failing.failure;
      return answer(
        status,
        apiError(status, reason, message ?? MESSAGES[reason] ?? reason, undefined, detail),
      );
    }
    const moved = redirects.findIndex((r) => r.endpoint === '*' || r.endpoint === endpoint);
    if (moved >= 0) {
      const { location } = redirects.splice(moved, 1)[0]!;
      requests.push({ endpoint, url: req.url ?? '', params, keyHeader, status: 302 });
      res.writeHead(302, { location, 'content-type': 'text/html; charset=UTF-8' });
      return res.end(`<A HREF="${location}">here</A>.\r\n`);
    }
    const big = oversized.findIndex((o) => o.endpoint === endpoint);
    if (big >= 0) {
      const { answer: size } = oversized.splice(big, 1)[0]!;
      requests.push({ endpoint, url: req.url ?? '', params, keyHeader, status: 200 });
      return sendOversized(res, size, world[0]!, (n) => (oversizeSent += n));
    }
    const parts = new Set((params.part ?? '').split(',').filter(Boolean));
    if (parts.size === 0)
      return answer(
        400,
        apiError(
          400,
          'required',
          'No filter selected. Expected one of: id, ...',
          'youtube.parameter',
        ),
      );
    const max = Number(params.maxResults ?? 5);
    switch (endpoint) {
      case 'channels': {
        const ids = (params.id ?? '').split(',').filter(Boolean);
        if (ids.length > 50) return answer(400, apiError(400, 'invalidValue', 'too many ids'));
        const items = ids
          .map((id) => world.find((c) => c.id === id))
          .filter((c): c is StandInChannel => !!c)
          .map((c) => channelResource(c, parts));
        return answer(200, listResponse('youtube#channelListResponse', items, max));
      }
      case 'playlistItems': {
        const channel = world.find((c) => `UU${c.id.slice(2)}` === params.playlistId);
        if (!channel)
          return answer(
            404,
            apiError(
              404,
              'playlistNotFound',
              "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
            ),
          );
        if (endless.has(channel.id)) {
          const at = Number(params.pageToken?.replace(/^p/, '') ?? 0);
          return answer(200, {
            ...listResponse('youtube#playlistItemListResponse', [], max, channel.videos.length),
            nextPageToken: `p${at + max}`,
          });
        }
        const from = Number(params.pageToken?.replace(/^p/, '') ?? 0);
        const page = channel.videos.slice(from, from + max);
        const next = from + max < channel.videos.length ? `p${from + max}` : undefined;
        return answer(200, {
          ...listResponse(
            'youtube#playlistItemListResponse',
            page.map((v, i) => playlistItem(channel, v, from + i, parts)),
            max,
            channel.videos.length,
          ),
          ...(next ? { nextPageToken: next } : {}),
        });
      }
      case 'videos': {
        const ids = (params.id ?? '').split(',').filter(Boolean);
        if (ids.length > 50) return answer(400, apiError(400, 'invalidValue', 'too many ids'));
        const items = ids
          .map((id) => videos.get(id))
          .filter((x): x is { video: StandInVideo; channel: StandInChannel } => !!x)
          .map(({ video, channel }) => videoResource(channel, video, parts));
        return answer(200, listResponse('youtube#videoListResponse', items, max));
      }
      case 'commentThreads': {
        const found = params.videoId ? videos.get(params.videoId) : undefined;
        if (!found)
          return answer(
            404,
            apiError(
              404,
              'videoNotFound',
              'The video identified by the <code><a href="/youtube/v3/docs/commentThreads/list#videoId">videoId</a></code> parameter could not be found.',
            ),
          );
        if (found.video.commentsDisabled)
          return answer(
            403,
            apiError(
              403,
              'commentsDisabled',
              'The video identified by the <code><a href="/youtube/v3/docs/commentThreads/list#videoId">videoId</a></code> parameter has disabled comments.',
            ),
          );
        const items = found.video.comments
          .slice(0, max)
          .map((c) => commentThread(found.channel, found.video, c));
        return answer(200, {
          ...listResponse(
            'youtube#commentThreadListResponse',
            items,
            max,
            found.video.comments.length,
          ),
          ...(found.video.comments.length > max ? { nextPageToken: 'QURTSl9p' } : {}),
        });
      }
      default:
        return answer(404, apiError(404, 'notFound', 'Not Found', 'global'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/youtube/v3`,
    requests,
    calls: (endpoint) =>
      requests.filter((r) => endpoint === undefined || r.endpoint === endpoint).length,
    fail: (endpoint, failure) => failures.push({ endpoint, failure, left: failure.times ?? 1 }),
    redirect: (endpoint, location) => redirects.push({ endpoint, location }),
    endlessPages: (channelId) => endless.add(channelId),
    oversize: (endpoint, answer) => oversized.push({ endpoint, answer }),
    oversizeSent: () => oversizeSent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * A `youtube#videoListResponse` of `bytes` bytes: the same video over and over, each item written
 * only once the client has read the last (so a client that stops reading stops the answer).
 */
function sendOversized(
  res: ServerResponse,
  answer: Oversize,
  channel: StandInChannel,
  sent: (bytes: number) => void,
): void {
  const item = JSON.stringify(videoResource(channel, channel.videos[0]!, new Set(['snippet'])));
  const tail = ']}';
  res.writeHead(200, {
    'content-type': 'application/json; charset=UTF-8',
    ...(answer.declareLength ? { 'content-length': answer.bytes } : {}),
  });
  let left = answer.bytes;
  let stopped = false;
  res.on('close', () => (stopped = true));
  res.on('error', () => (stopped = true));
  const write = (text: string): boolean => {
    const n = Buffer.byteLength(text);
    sent(n);
    left -= n;
    return res.write(text);
  };
  write('{"kind":"youtube#videoListResponse","etag":"oversized","items":[');
  let first = true;
  const pump = () => {
    while (!stopped) {
      const next = first ? item : `,${item}`;
      if (left < Buffer.byteLength(next) + tail.length) {
        // spaces make up the exact size
        write(' '.repeat(Math.max(0, left - tail.length)));
        write(tail);
        res.end();
        return;
      }
      first = false;
      if (!write(next)) return void res.once('drain', pump);
    }
  };
  pump();
}

const etag = (s: string) => Buffer.from(s).toString('base64url').slice(0, 27);

/** Google's error answer; `detail` adds the `details[]` ErrorInfo its newer answers carry. */
function apiError(
  status: number,
  reason: string,
  message: string,
  domain?: string,
  detail?: string,
) {
  return {
    error: {
      code: status,
      message,
      errors: [{ message, domain: domain ?? DOMAINS[reason] ?? 'global', reason }],
      ...(STATUS_NAMES[status] ? { status: STATUS_NAMES[status] } : {}),
      ...(detail
        ? {
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                reason: detail,
                domain: 'googleapis.com',
                metadata: { service: 'youtube.googleapis.com' },
              },
            ],
          }
        : {}),
    },
  };
}

function listResponse(kind: string, items: unknown[], perPage: number, total = items.length) {
  return {
    kind,
    etag: etag(`${kind}${items.length}`),
    pageInfo: { totalResults: total, resultsPerPage: perPage },
    // the API leaves `items` out when nothing matched
    ...(items.length ? { items } : {}),
  };
}

function thumbnails(seed: string) {
  const url = (size: string) => `https://yt3.ggpht.example/${seed}=s${size}-c-k-c0x00ffffff-no-rj`;
  return {
    default: { url: url('88'), width: 88, height: 88 },
    medium: { url: url('240'), width: 240, height: 240 },
    high: { url: url('800'), width: 800, height: 800 },
  };
}

function channelResource(c: StandInChannel, parts: Set<string>) {
  const views = c.videos.reduce((n, v) => n + v.views, 0);
  return {
    kind: 'youtube#channel',
    etag: etag(c.id),
    id: c.id,
    ...(parts.has('snippet')
      ? {
          snippet: {
            title: c.title,
            description: c.description,
            customUrl: c.handle,
            publishedAt: c.publishedAt,
            thumbnails: thumbnails(c.id),
            localized: { title: c.title, description: c.description },
            country: c.country,
          },
        }
      : {}),
    ...(parts.has('contentDetails')
      ? { contentDetails: { relatedPlaylists: { likes: '', uploads: `UU${c.id.slice(2)}` } } }
      : {}),
    ...(parts.has('statistics')
      ? {
          statistics: {
            viewCount: String(views),
            subscriberCount: String(c.subscribers),
            hiddenSubscriberCount: false,
            videoCount: String(c.videos.length),
          },
        }
      : {}),
    ...(parts.has('topicDetails')
      ? {
          topicDetails: {
            topicIds: ['/m/02wbm'],
            topicCategories: [
              'https://en.wikipedia.org/wiki/Food',
              'https://en.wikipedia.org/wiki/Lifestyle_(sociology)',
            ],
          },
        }
      : {}),
    ...(parts.has('brandingSettings')
      ? {
          brandingSettings: {
            channel: {
              title: c.title,
              description: c.description,
              keywords: c.keywords,
              country: c.country,
            },
            image: { bannerExternalUrl: `https://yt3.googleusercontent.example/${c.id}` },
          },
        }
      : {}),
  };
}

function playlistItem(c: StandInChannel, v: StandInVideo, position: number, parts: Set<string>) {
  return {
    kind: 'youtube#playlistItem',
    etag: etag(`${c.id}${v.id}`),
    id: Buffer.from(`UU${c.id.slice(2)}.${v.id}`).toString('base64url'),
    ...(parts.has('snippet')
      ? {
          snippet: {
            publishedAt: v.publishedAt,
            channelId: c.id,
            title: v.title,
            description: v.description,
            thumbnails: thumbnails(v.id),
            channelTitle: c.title,
            playlistId: `UU${c.id.slice(2)}`,
            position,
            resourceId: { kind: 'youtube#video', videoId: v.id },
            videoOwnerChannelTitle: c.title,
            videoOwnerChannelId: c.id,
          },
        }
      : {}),
    ...(parts.has('contentDetails')
      ? { contentDetails: { videoId: v.id, videoPublishedAt: v.publishedAt } }
      : {}),
  };
}

function videoResource(c: StandInChannel, v: StandInVideo, parts: Set<string>) {
  return {
    kind: 'youtube#video',
    etag: etag(v.id),
    id: v.id,
    ...(parts.has('snippet')
      ? {
          snippet: {
            publishedAt: v.publishedAt,
            channelId: c.id,
            title: v.title,
            description: v.description,
            thumbnails: thumbnails(v.id),
            channelTitle: c.title,
            tags: v.tags,
            categoryId: '26',
            liveBroadcastContent: 'none',
            defaultAudioLanguage: 'en',
            localized: { title: v.title, description: v.description },
          },
        }
      : {}),
    ...(parts.has('contentDetails')
      ? {
          contentDetails: {
            duration: v.duration,
            dimension: '2d',
            definition: 'hd',
            caption: 'false',
            licensedContent: true,
            contentRating: {},
            projection: 'rectangular',
          },
        }
      : {}),
    ...(parts.has('statistics')
      ? {
          statistics: {
            ...(v.hiddenCounts ? {} : { viewCount: String(v.views), likeCount: String(v.likes) }),
            favoriteCount: '0',
            commentCount: String(v.comments.length),
          },
        }
      : {}),
    ...(parts.has('topicDetails')
      ? { topicDetails: { topicCategories: ['https://en.wikipedia.org/wiki/Food'] } }
      : {}),
  };
}

function commentThread(c: StandInChannel, v: StandInVideo, m: StandInComment) {
  const author = `UC${Buffer.from(m.author).toString('hex').padEnd(22, '0').slice(0, 22)}`;
  return {
    kind: 'youtube#commentThread',
    etag: etag(m.id),
    id: m.id,
    snippet: {
      channelId: c.id,
      videoId: v.id,
      topLevelComment: {
        kind: 'youtube#comment',
        etag: etag(`${m.id}c`),
        id: m.id,
        snippet: {
          channelId: c.id,
          videoId: v.id,
          textDisplay: m.text,
          textOriginal: m.text,
          authorDisplayName: m.author,
          authorProfileImageUrl: `https://yt3.ggpht.example/${author}=s48`,
          authorChannelUrl: `http://www.youtube.com/${m.author}`,
          authorChannelId: { value: author },
          canRate: true,
          viewerRating: 'none',
          likeCount: m.likes,
          publishedAt: m.publishedAt,
          updatedAt: m.publishedAt,
        },
      },
      canReply: true,
      totalReplyCount: 0,
      isPublic: true,
    },
  };
}

/** Channel and video ids of the default world. */
export const WORLD = {
  roaster: 'UCstandinCoffeeRoast0001',
  runner: 'UCstandinTrailRunner0002',
  /** a video of the roaster's, collected on its own */
  grinderVideo: 'cofGrinder2',
} as const;

const comment = (id: string, author: string, text: string, likes = 2): StandInComment => ({
  id,
  author,
  text,
  likes,
  publishedAt: '2026-01-20T09:15:00Z',
});

/** A small world: a coffee roaster with four uploads, a trail runner with three. */
export function standInWorld(): StandInChannel[] {
  return [
    {
      id: WORLD.roaster,
      title: 'Northside Roastery Lab',
      description:
        'Specialty coffee from a small roastery: espresso recipes, pour-over brewing, grinder reviews and roasting profiles for home baristas.',
      handle: '@northsideroasterylab',
      country: 'US',
      publishedAt: '2019-05-04T12:00:00Z',
      subscribers: 48200,
      keywords: 'espresso "pour over" "home barista" "coffee grinder" roasting',
      videos: [
        {
          id: 'cofEspress1',
          title: 'Dialing in espresso at home: grind size, dose and yield',
          description:
            'How we dial in a new espresso roast on a home espresso machine: grind size, an 18 g dose, a 1:2 yield and tasting for sour or bitter shots.',
          tags: ['espresso', 'home barista', 'dialing in espresso', 'espresso machine'],
          publishedAt: '2026-02-10T15:00:00Z',
          views: 120400,
          likes: 5400,
          duration: 'PT14M2S',
          comments: [
            comment('UgxEsp1', '@milkjug', 'The 1:2 ratio finally fixed my sour espresso shots.'),
            comment('UgxEsp2', '@crema_fan', 'Which burr grinder do you use for espresso at home?'),
            comment('UgxEsp3', '@latteart', 'Great explanation of channeling and puck prep.'),
          ],
        },
        {
          id: WORLD.grinderVideo,
          title: 'Burr grinder comparison for pour-over and espresso',
          description:
            'Five burr grinders compared for pour-over clarity and espresso texture: conical versus flat burrs, retention and grind consistency.',
          tags: ['coffee grinder', 'burr grinder', 'pour over', 'espresso grinder'],
          publishedAt: '2026-01-28T15:00:00Z',
          views: 88200,
          likes: 3100,
          duration: 'PT19M40S',
          comments: [
            comment('UgxGri1', '@v60daily', 'Flat burrs made my pour-over so much clearer.'),
            comment('UgxGri2', '@beanhoarder', 'Retention test was really useful, thanks.'),
          ],
        },
        {
          id: 'cofPourOvr3',
          title: 'The pour-over recipe we brew every morning',
          description:
            'A simple V60 pour-over recipe: 15 g of coffee, 250 g of water at 94 °C, a bloom and two slow pours for a sweet, clean cup.',
          tags: ['pour over', 'v60', 'coffee recipe', 'filter coffee'],
          publishedAt: '2026-01-14T15:00:00Z',
          views: 64100,
          likes: 2800,
          duration: 'PT8M12S',
          comments: [
            comment('UgxPou1', '@morningbrew', 'Bloom for 45 seconds changed everything.'),
          ],
          commentsDisabled: false,
        },
        {
          id: 'cofRoastPr4',
          title: 'Roasting profiles: light versus medium roast coffee',
          description:
            'What changes between a light roast and a medium roast: development time, acidity, sweetness and how to brew each one.',
          tags: ['coffee roasting', 'light roast', 'medium roast'],
          publishedAt: '2025-12-30T15:00:00Z',
          views: 30300,
          likes: 1200,
          duration: 'PT11M5S',
          comments: [],
          commentsDisabled: true,
        },
      ],
    },
    {
      id: WORLD.runner,
      title: 'Ridge Line Running',
      description:
        'Trail running in the mountains: ultramarathon training, trail shoes, hydration vests and race reports.',
      handle: '@ridgelinerunning',
      country: 'CA',
      publishedAt: '2017-03-01T12:00:00Z',
      subscribers: 15300,
      keywords: 'trail running ultramarathon "trail shoes"',
      videos: [
        {
          id: 'runShoes001',
          title: 'Trail running shoes for rocky mountain trails',
          description:
            'Grip, rock plates and cushioning: the trail running shoes we trust on technical mountain trails.',
          tags: ['trail running shoes', 'trail running', 'running gear'],
          publishedAt: '2026-02-01T15:00:00Z',
          views: 22000,
          likes: 900,
          duration: 'PT12M30S',
          comments: [comment('UgxRun1', '@scree_runner', 'Rock plates saved my feet last season.')],
        },
        {
          id: 'runVest0002',
          title: 'Hydration vest review for ultramarathon training',
          description: 'Five hydration vests tested on long ultramarathon training runs.',
          tags: ['hydration vest', 'ultramarathon', 'trail running'],
          publishedAt: '2026-01-12T15:00:00Z',
          views: 18000,
          likes: 700,
          duration: 'PT10M1S',
          comments: [],
        },
        {
          id: 'runRace0003',
          title: 'Race report: my first 50K trail ultra',
          description: 'Pacing, fueling and the last ten kilometres of my first 50K trail race.',
          tags: ['ultramarathon', '50k', 'race report'],
          publishedAt: '2025-11-02T15:00:00Z',
          views: 9000,
          likes: 400,
          duration: 'PT21M45S',
          comments: [],
        },
      ],
    },
  ];
}
