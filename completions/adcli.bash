# bash completion for adcli, generated from its command tree by `adcli completion bash`.
# Do not edit: `npm run completions` regenerates the copies kept in completions/.
# Use: source <(adcli completion bash), or save it as ~/.local/share/bash-completion/completions/adcli

_adcli_data() {
  REPLY=
  case "$1" in
    'subs:adcli') REPLY='campaigns workspace audiences data-stores brands targeting performance ads explore api auth profiles completion serve mcp backend help' ;;
    'flags:adcli') REPLY='-v --version --profile --base-url --json --jq --debug -h --help' ;;
    'vflags:adcli') REPLY='--profile --base-url --jq' ;;
    'subs:adcli campaigns') REPLY='list get open create update delete publish audiences help' ;;
    'flags:adcli campaigns') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns') REPLY='--profile --base-url --jq' ;;
    'flags:adcli campaigns list') REPLY='--limit --all --name --status --ads-status -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns list') REPLY='--limit --name --status --ads-status --profile --base-url --jq' ;;
    'values:adcli campaigns list:--status') REPLY='draft loading ready error' ;;
    'values:adcli campaigns list:--ads-status') REPLY='PAUSED ENABLED REMOVED unpublished' ;;
    'flags:adcli campaigns get') REPLY='--wait --wait-timeout --web -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns get') REPLY='--wait-timeout --profile --base-url --jq' ;;
    'flags:adcli campaigns open') REPLY='--no-browser -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns open') REPLY='--profile --base-url --jq' ;;
    'flags:adcli campaigns create') REPLY='--name --objective --brand --industry --language --location --success-metric --type --budget --budget-type --end-date --bidding --target-cpa --target-roas --data-store --audience --customer-id --idempotency-key --wait --wait-timeout -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns create') REPLY='--name --objective --brand --industry --language --location --success-metric --type --budget --budget-type --end-date --bidding --target-cpa --target-roas --data-store --audience --customer-id --idempotency-key --wait-timeout --profile --base-url --jq' ;;
    'values:adcli campaigns create:--type') REPLY='SEARCH DEMAND_GEN VIDEO DISPLAY' ;;
    'values:adcli campaigns create:--budget-type') REPLY='daily total' ;;
    'values:adcli campaigns create:--bidding') REPLY='MAXIMIZE_CONVERSIONS MAXIMIZE_CONVERSION_VALUE TARGET_CPA TARGET_ROAS TARGET_CPC TARGET_SPEND MANUAL_CPC' ;;
    'flags:adcli campaigns update') REPLY='--name --objective --brand --no-brand --industry --language --location --success-metric --type --budget --no-budget --budget-type --end-date --no-end-date --bidding --no-bidding --target-cpa --no-target-cpa --target-roas --no-target-roas --idempotency-key -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns update') REPLY='--name --objective --brand --industry --language --location --success-metric --type --budget --budget-type --end-date --bidding --target-cpa --target-roas --idempotency-key --profile --base-url --jq' ;;
    'values:adcli campaigns update:--type') REPLY='SEARCH DEMAND_GEN VIDEO DISPLAY' ;;
    'values:adcli campaigns update:--budget-type') REPLY='daily total' ;;
    'values:adcli campaigns update:--bidding') REPLY='MAXIMIZE_CONVERSIONS MAXIMIZE_CONVERSION_VALUE TARGET_CPA TARGET_ROAS TARGET_CPC TARGET_SPEND MANUAL_CPC' ;;
    'flags:adcli campaigns delete') REPLY='-y --yes -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns delete') REPLY='--profile --base-url --jq' ;;
    'flags:adcli campaigns publish') REPLY='--customer-id --idempotency-key -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns publish') REPLY='--customer-id --idempotency-key --profile --base-url --jq' ;;
    'subs:adcli campaigns audiences') REPLY='list add update remove help' ;;
    'flags:adcli campaigns audiences') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns audiences') REPLY='--profile --base-url --jq' ;;
    'flags:adcli campaigns audiences list') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns audiences list') REPLY='--profile --base-url --jq' ;;
    'flags:adcli campaigns audiences add') REPLY='--name --idempotency-key -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns audiences add') REPLY='--name --idempotency-key --profile --base-url --jq' ;;
    'flags:adcli campaigns audiences update') REPLY='--name --data-store --no-data-store --idempotency-key -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns audiences update') REPLY='--name --data-store --idempotency-key --profile --base-url --jq' ;;
    'flags:adcli campaigns audiences remove') REPLY='-y --yes -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns audiences remove') REPLY='--profile --base-url --jq' ;;
    'flags:adcli campaigns audiences help') REPLY='--profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns audiences help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli campaigns audiences help:0') REPLY='list add update remove' ;;
    'flags:adcli campaigns help') REPLY='--profile --base-url --json --jq --debug' ;;
    'vflags:adcli campaigns help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli campaigns help:0') REPLY='list get open create update delete publish audiences' ;;
    'flags:adcli workspace') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli workspace') REPLY='--profile --base-url --jq' ;;
    'subs:adcli audiences') REPLY='list get create update delete help' ;;
    'flags:adcli audiences') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli audiences') REPLY='--profile --base-url --jq' ;;
    'flags:adcli audiences list') REPLY='--limit --all --name -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli audiences list') REPLY='--limit --name --profile --base-url --jq' ;;
    'flags:adcli audiences get') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli audiences get') REPLY='--profile --base-url --jq' ;;
    'flags:adcli audiences create') REPLY='--name --description --kind --keyword --topic --tag --data-store --idempotency-key -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli audiences create') REPLY='--name --description --kind --keyword --topic --tag --data-store --idempotency-key --profile --base-url --jq' ;;
    'values:adcli audiences create:--kind') REPLY='custom affinity in_market' ;;
    'flags:adcli audiences update') REPLY='--name --description --kind --keyword --topic --tag --data-store --no-keyword --no-topic --no-tag --no-data-store --idempotency-key -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli audiences update') REPLY='--name --description --kind --keyword --topic --tag --data-store --idempotency-key --profile --base-url --jq' ;;
    'values:adcli audiences update:--kind') REPLY='custom affinity in_market' ;;
    'flags:adcli audiences delete') REPLY='-y --yes --idempotency-key -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli audiences delete') REPLY='--idempotency-key --profile --base-url --jq' ;;
    'flags:adcli audiences help') REPLY='--profile --base-url --json --jq --debug' ;;
    'vflags:adcli audiences help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli audiences help:0') REPLY='list get create update delete' ;;
    'subs:adcli data-stores') REPLY='list get create update import channels videos delete help' ;;
    'flags:adcli data-stores') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli data-stores') REPLY='--profile --base-url --jq' ;;
    'flags:adcli data-stores list') REPLY='--limit --all --name --include-library -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli data-stores list') REPLY='--limit --name --profile --base-url --jq' ;;
    'flags:adcli data-stores get') REPLY='--wait --wait-timeout -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli data-stores get') REPLY='--wait-timeout --profile --base-url --jq' ;;
    'flags:adcli data-stores create') REPLY='--name --description --channel --video --idempotency-key --wait --wait-timeout -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli data-stores create') REPLY='--name --description --channel --video --idempotency-key --wait-timeout --profile --base-url --jq' ;;
    'flags:adcli data-stores update') REPLY='--name --description --channel --video --no-channel --no-video --idempotency-key -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli data-stores update') REPLY='--name --description --channel --video --idempotency-key --profile --base-url --jq' ;;
    'flags:adcli data-stores import') REPLY='-f --file --idempotency-key --wait --wait-timeout -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli data-stores import') REPLY='-f --file --idempotency-key --wait-timeout --profile --base-url --jq' ;;
    'values:adcli data-stores import:-f') REPLY='@file' ;;
    'values:adcli data-stores import:--file') REPLY='@file' ;;
    'flags:adcli data-stores channels') REPLY='--limit --all -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli data-stores channels') REPLY='--limit --profile --base-url --jq' ;;
    'flags:adcli data-stores videos') REPLY='--limit --all --channel -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli data-stores videos') REPLY='--limit --channel --profile --base-url --jq' ;;
    'flags:adcli data-stores delete') REPLY='-y --yes --idempotency-key -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli data-stores delete') REPLY='--idempotency-key --profile --base-url --jq' ;;
    'flags:adcli data-stores help') REPLY='--profile --base-url --json --jq --debug' ;;
    'vflags:adcli data-stores help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli data-stores help:0') REPLY='list get create update import channels videos delete' ;;
    'subs:adcli brands') REPLY='list get create update delete help' ;;
    'flags:adcli brands') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli brands') REPLY='--profile --base-url --jq' ;;
    'flags:adcli brands list') REPLY='--limit --all --name -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli brands list') REPLY='--limit --name --profile --base-url --jq' ;;
    'flags:adcli brands get') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli brands get') REPLY='--profile --base-url --jq' ;;
    'flags:adcli brands create') REPLY='--name --website --description --idempotency-key -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli brands create') REPLY='--name --website --description --idempotency-key --profile --base-url --jq' ;;
    'flags:adcli brands update') REPLY='--name --website --description --idempotency-key -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli brands update') REPLY='--name --website --description --idempotency-key --profile --base-url --jq' ;;
    'flags:adcli brands delete') REPLY='-y --yes --idempotency-key -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli brands delete') REPLY='--idempotency-key --profile --base-url --jq' ;;
    'flags:adcli brands help') REPLY='--profile --base-url --json --jq --debug' ;;
    'vflags:adcli brands help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli brands help:0') REPLY='list get create update delete' ;;
    'subs:adcli targeting') REPLY='show generate edit help' ;;
    'flags:adcli targeting') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli targeting') REPLY='--profile --base-url --jq' ;;
    'flags:adcli targeting show') REPLY='--wait --wait-timeout -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli targeting show') REPLY='--wait-timeout --profile --base-url --jq' ;;
    'flags:adcli targeting generate') REPLY='--audience --all --idempotency-key --wait --wait-timeout -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli targeting generate') REPLY='--audience --idempotency-key --wait-timeout --profile --base-url --jq' ;;
    'flags:adcli targeting edit') REPLY='--add-keyword --add --remove --restore --file --idempotency-key -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli targeting edit') REPLY='--add-keyword --add --remove --restore --file --idempotency-key --profile --base-url --jq' ;;
    'values:adcli targeting edit:--file') REPLY='@file' ;;
    'flags:adcli targeting help') REPLY='--profile --base-url --json --jq --debug' ;;
    'vflags:adcli targeting help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli targeting help:0') REPLY='show generate edit' ;;
    'subs:adcli performance') REPLY='show help' ;;
    'flags:adcli performance') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli performance') REPLY='--profile --base-url --jq' ;;
    'flags:adcli performance show') REPLY='--customer-id --campaign --date-range --csv -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli performance show') REPLY='--customer-id --campaign --date-range --profile --base-url --jq' ;;
    'values:adcli performance show:--date-range') REPLY='TODAY YESTERDAY LAST_7_DAYS LAST_14_DAYS LAST_30_DAYS THIS_MONTH LAST_MONTH' ;;
    'flags:adcli performance help') REPLY='--profile --base-url --json --jq --debug' ;;
    'vflags:adcli performance help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli performance help:0') REPLY='show' ;;
    'subs:adcli ads') REPLY='accounts help' ;;
    'flags:adcli ads') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli ads') REPLY='--profile --base-url --jq' ;;
    'flags:adcli ads accounts') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli ads accounts') REPLY='--profile --base-url --jq' ;;
    'flags:adcli ads help') REPLY='--profile --base-url --json --jq --debug' ;;
    'vflags:adcli ads help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli ads help:0') REPLY='accounts' ;;
    'subs:adcli explore') REPLY='channel search videos similar help' ;;
    'flags:adcli explore') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli explore') REPLY='--profile --base-url --jq' ;;
    'flags:adcli explore channel') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli explore channel') REPLY='--profile --base-url --jq' ;;
    'flags:adcli explore search') REPLY='--limit --all -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli explore search') REPLY='--limit --profile --base-url --jq' ;;
    'flags:adcli explore videos') REPLY='--limit --all -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli explore videos') REPLY='--limit --profile --base-url --jq' ;;
    'flags:adcli explore similar') REPLY='--limit -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli explore similar') REPLY='--limit --profile --base-url --jq' ;;
    'flags:adcli explore help') REPLY='--profile --base-url --json --jq --debug' ;;
    'vflags:adcli explore help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli explore help:0') REPLY='channel search videos similar' ;;
    'flags:adcli api') REPLY='--data --query --idempotency-key -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli api') REPLY='--data --query --idempotency-key --profile --base-url --jq' ;;
    'subs:adcli auth') REPLY='login status logout help' ;;
    'flags:adcli auth') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli auth') REPLY='--profile --base-url --jq' ;;
    'flags:adcli auth login') REPLY='--with-token -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli auth login') REPLY='--profile --base-url --jq' ;;
    'flags:adcli auth status') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli auth status') REPLY='--profile --base-url --jq' ;;
    'flags:adcli auth logout') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli auth logout') REPLY='--profile --base-url --jq' ;;
    'flags:adcli auth help') REPLY='--profile --base-url --json --jq --debug' ;;
    'vflags:adcli auth help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli auth help:0') REPLY='login status logout' ;;
    'subs:adcli profiles') REPLY='list use help' ;;
    'flags:adcli profiles') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli profiles') REPLY='--profile --base-url --jq' ;;
    'flags:adcli profiles list') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli profiles list') REPLY='--profile --base-url --jq' ;;
    'flags:adcli profiles use') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli profiles use') REPLY='--profile --base-url --jq' ;;
    'flags:adcli profiles help') REPLY='--profile --base-url --json --jq --debug' ;;
    'vflags:adcli profiles help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli profiles help:0') REPLY='list use' ;;
    'flags:adcli completion') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli completion') REPLY='--profile --base-url --jq' ;;
    'arg:adcli completion:0') REPLY='bash zsh fish' ;;
    'subs:adcli serve') REPLY='keys migrate ads' ;;
    'flags:adcli serve') REPLY='--host --port --data --database --require-database --pool-size --memory --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --json --quiet --log-requests --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace -h --help --profile --base-url --jq --debug' ;;
    'vflags:adcli serve') REPLY='--host --port --data --database --pool-size --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace --profile --base-url --jq' ;;
    'values:adcli serve:--data') REPLY='@dir' ;;
    'values:adcli serve:--seed') REPLY='demo' ;;
    'values:adcli serve:--snapshot') REPLY='@file' ;;
    'values:adcli serve:--fixtures') REPLY='@file' ;;
    'values:adcli serve:--log-format') REPLY='text json' ;;
    'values:adcli serve:--log-level') REPLY='debug info warn error' ;;
    'values:adcli serve:--ads-platform') REPLY='simulated google-ads' ;;
    'subs:adcli serve keys') REPLY='create list revoke help' ;;
    'flags:adcli serve keys') REPLY='-h --help --profile --base-url --jq --debug --host --port --data --database --require-database --pool-size --memory --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --json --quiet --log-requests --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'vflags:adcli serve keys') REPLY='--profile --base-url --jq --host --port --data --database --pool-size --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'values:adcli serve keys:--data') REPLY='@dir' ;;
    'values:adcli serve keys:--seed') REPLY='demo' ;;
    'values:adcli serve keys:--snapshot') REPLY='@file' ;;
    'values:adcli serve keys:--fixtures') REPLY='@file' ;;
    'values:adcli serve keys:--log-format') REPLY='text json' ;;
    'values:adcli serve keys:--log-level') REPLY='debug info warn error' ;;
    'values:adcli serve keys:--ads-platform') REPLY='simulated google-ads' ;;
    'flags:adcli serve keys create') REPLY='--workspace --scopes --customer-ids --campaign-ids --name --data --database --json -h --help --profile --base-url --jq --debug --host --port --require-database --pool-size --memory --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --quiet --log-requests --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'vflags:adcli serve keys create') REPLY='--workspace --scopes --customer-ids --campaign-ids --name --data --database --profile --base-url --jq --host --port --pool-size --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'values:adcli serve keys create:--data') REPLY='@dir' ;;
    'values:adcli serve keys create:--seed') REPLY='demo' ;;
    'values:adcli serve keys create:--snapshot') REPLY='@file' ;;
    'values:adcli serve keys create:--fixtures') REPLY='@file' ;;
    'values:adcli serve keys create:--log-format') REPLY='text json' ;;
    'values:adcli serve keys create:--log-level') REPLY='debug info warn error' ;;
    'values:adcli serve keys create:--ads-platform') REPLY='simulated google-ads' ;;
    'flags:adcli serve keys list') REPLY='--data --database --json -h --help --profile --base-url --jq --debug --host --port --require-database --pool-size --memory --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --quiet --log-requests --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'vflags:adcli serve keys list') REPLY='--data --database --profile --base-url --jq --host --port --pool-size --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'values:adcli serve keys list:--data') REPLY='@dir' ;;
    'values:adcli serve keys list:--seed') REPLY='demo' ;;
    'values:adcli serve keys list:--snapshot') REPLY='@file' ;;
    'values:adcli serve keys list:--fixtures') REPLY='@file' ;;
    'values:adcli serve keys list:--log-format') REPLY='text json' ;;
    'values:adcli serve keys list:--log-level') REPLY='debug info warn error' ;;
    'values:adcli serve keys list:--ads-platform') REPLY='simulated google-ads' ;;
    'flags:adcli serve keys revoke') REPLY='--data --database --json -h --help --profile --base-url --jq --debug --host --port --require-database --pool-size --memory --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --quiet --log-requests --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'vflags:adcli serve keys revoke') REPLY='--data --database --profile --base-url --jq --host --port --pool-size --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'values:adcli serve keys revoke:--data') REPLY='@dir' ;;
    'values:adcli serve keys revoke:--seed') REPLY='demo' ;;
    'values:adcli serve keys revoke:--snapshot') REPLY='@file' ;;
    'values:adcli serve keys revoke:--fixtures') REPLY='@file' ;;
    'values:adcli serve keys revoke:--log-format') REPLY='text json' ;;
    'values:adcli serve keys revoke:--log-level') REPLY='debug info warn error' ;;
    'values:adcli serve keys revoke:--ads-platform') REPLY='simulated google-ads' ;;
    'flags:adcli serve keys help') REPLY='-h --help --profile --base-url --jq --debug --host --port --data --database --require-database --pool-size --memory --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --json --quiet --log-requests --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'vflags:adcli serve keys help') REPLY='--profile --base-url --jq --host --port --data --database --pool-size --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'values:adcli serve keys help:--data') REPLY='@dir' ;;
    'values:adcli serve keys help:--seed') REPLY='demo' ;;
    'values:adcli serve keys help:--snapshot') REPLY='@file' ;;
    'values:adcli serve keys help:--fixtures') REPLY='@file' ;;
    'values:adcli serve keys help:--log-format') REPLY='text json' ;;
    'values:adcli serve keys help:--log-level') REPLY='debug info warn error' ;;
    'values:adcli serve keys help:--ads-platform') REPLY='simulated google-ads' ;;
    'arg:adcli serve keys help:0') REPLY='create list revoke environment exit-codes' ;;
    'flags:adcli serve migrate') REPLY='--data --database --json -h --help --profile --base-url --jq --debug --host --port --require-database --pool-size --memory --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --quiet --log-requests --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'vflags:adcli serve migrate') REPLY='--data --database --profile --base-url --jq --host --port --pool-size --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'values:adcli serve migrate:--data') REPLY='@dir' ;;
    'values:adcli serve migrate:--seed') REPLY='demo' ;;
    'values:adcli serve migrate:--snapshot') REPLY='@file' ;;
    'values:adcli serve migrate:--fixtures') REPLY='@file' ;;
    'values:adcli serve migrate:--log-format') REPLY='text json' ;;
    'values:adcli serve migrate:--log-level') REPLY='debug info warn error' ;;
    'values:adcli serve migrate:--ads-platform') REPLY='simulated google-ads' ;;
    'subs:adcli serve ads') REPLY='list set-status link unlink links help' ;;
    'flags:adcli serve ads') REPLY='-h --help --profile --base-url --jq --debug --host --port --data --database --require-database --pool-size --memory --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --json --quiet --log-requests --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'vflags:adcli serve ads') REPLY='--profile --base-url --jq --host --port --data --database --pool-size --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'values:adcli serve ads:--data') REPLY='@dir' ;;
    'values:adcli serve ads:--seed') REPLY='demo' ;;
    'values:adcli serve ads:--snapshot') REPLY='@file' ;;
    'values:adcli serve ads:--fixtures') REPLY='@file' ;;
    'values:adcli serve ads:--log-format') REPLY='text json' ;;
    'values:adcli serve ads:--log-level') REPLY='debug info warn error' ;;
    'values:adcli serve ads:--ads-platform') REPLY='simulated google-ads' ;;
    'flags:adcli serve ads list') REPLY='--data --database --json -h --help --profile --base-url --jq --debug --host --port --require-database --pool-size --memory --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --quiet --log-requests --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'vflags:adcli serve ads list') REPLY='--data --database --profile --base-url --jq --host --port --pool-size --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'values:adcli serve ads list:--data') REPLY='@dir' ;;
    'values:adcli serve ads list:--seed') REPLY='demo' ;;
    'values:adcli serve ads list:--snapshot') REPLY='@file' ;;
    'values:adcli serve ads list:--fixtures') REPLY='@file' ;;
    'values:adcli serve ads list:--log-format') REPLY='text json' ;;
    'values:adcli serve ads list:--log-level') REPLY='debug info warn error' ;;
    'values:adcli serve ads list:--ads-platform') REPLY='simulated google-ads' ;;
    'flags:adcli serve ads set-status') REPLY='--data --database --json -h --help --profile --base-url --jq --debug --host --port --require-database --pool-size --memory --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --quiet --log-requests --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'vflags:adcli serve ads set-status') REPLY='--data --database --profile --base-url --jq --host --port --pool-size --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'values:adcli serve ads set-status:--data') REPLY='@dir' ;;
    'values:adcli serve ads set-status:--seed') REPLY='demo' ;;
    'values:adcli serve ads set-status:--snapshot') REPLY='@file' ;;
    'values:adcli serve ads set-status:--fixtures') REPLY='@file' ;;
    'values:adcli serve ads set-status:--log-format') REPLY='text json' ;;
    'values:adcli serve ads set-status:--log-level') REPLY='debug info warn error' ;;
    'values:adcli serve ads set-status:--ads-platform') REPLY='simulated google-ads' ;;
    'arg:adcli serve ads set-status:1') REPLY='PAUSED ENABLED REMOVED' ;;
    'flags:adcli serve ads link') REPLY='--workspace --customer-id --data --database --json -h --help --profile --base-url --jq --debug --host --port --require-database --pool-size --memory --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --quiet --log-requests --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'vflags:adcli serve ads link') REPLY='--workspace --customer-id --data --database --profile --base-url --jq --host --port --pool-size --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'values:adcli serve ads link:--data') REPLY='@dir' ;;
    'values:adcli serve ads link:--seed') REPLY='demo' ;;
    'values:adcli serve ads link:--snapshot') REPLY='@file' ;;
    'values:adcli serve ads link:--fixtures') REPLY='@file' ;;
    'values:adcli serve ads link:--log-format') REPLY='text json' ;;
    'values:adcli serve ads link:--log-level') REPLY='debug info warn error' ;;
    'values:adcli serve ads link:--ads-platform') REPLY='simulated google-ads' ;;
    'flags:adcli serve ads unlink') REPLY='--workspace --customer-id --data --database --json -h --help --profile --base-url --jq --debug --host --port --require-database --pool-size --memory --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --quiet --log-requests --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'vflags:adcli serve ads unlink') REPLY='--workspace --customer-id --data --database --profile --base-url --jq --host --port --pool-size --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'values:adcli serve ads unlink:--data') REPLY='@dir' ;;
    'values:adcli serve ads unlink:--seed') REPLY='demo' ;;
    'values:adcli serve ads unlink:--snapshot') REPLY='@file' ;;
    'values:adcli serve ads unlink:--fixtures') REPLY='@file' ;;
    'values:adcli serve ads unlink:--log-format') REPLY='text json' ;;
    'values:adcli serve ads unlink:--log-level') REPLY='debug info warn error' ;;
    'values:adcli serve ads unlink:--ads-platform') REPLY='simulated google-ads' ;;
    'flags:adcli serve ads links') REPLY='--data --database --json -h --help --profile --base-url --jq --debug --host --port --require-database --pool-size --memory --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --quiet --log-requests --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'vflags:adcli serve ads links') REPLY='--data --database --profile --base-url --jq --host --port --pool-size --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'values:adcli serve ads links:--data') REPLY='@dir' ;;
    'values:adcli serve ads links:--seed') REPLY='demo' ;;
    'values:adcli serve ads links:--snapshot') REPLY='@file' ;;
    'values:adcli serve ads links:--fixtures') REPLY='@file' ;;
    'values:adcli serve ads links:--log-format') REPLY='text json' ;;
    'values:adcli serve ads links:--log-level') REPLY='debug info warn error' ;;
    'values:adcli serve ads links:--ads-platform') REPLY='simulated google-ads' ;;
    'flags:adcli serve ads help') REPLY='-h --help --profile --base-url --jq --debug --host --port --data --database --require-database --pool-size --memory --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --json --quiet --log-requests --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'vflags:adcli serve ads help') REPLY='--profile --base-url --jq --host --port --data --database --pool-size --seed --rate-limit --job-delay --sync-interval --clock --snapshot --fixtures --workers --exec --log-format --log-level --proxy --public-url --youtube-api-key --youtube-base-url --youtube-quota --youtube-workspace-quota --ads-platform --google-ads-base-url --google-oauth-token-url --metrics-port --metrics-host --drain-delay --stop-grace' ;;
    'values:adcli serve ads help:--data') REPLY='@dir' ;;
    'values:adcli serve ads help:--seed') REPLY='demo' ;;
    'values:adcli serve ads help:--snapshot') REPLY='@file' ;;
    'values:adcli serve ads help:--fixtures') REPLY='@file' ;;
    'values:adcli serve ads help:--log-format') REPLY='text json' ;;
    'values:adcli serve ads help:--log-level') REPLY='debug info warn error' ;;
    'values:adcli serve ads help:--ads-platform') REPLY='simulated google-ads' ;;
    'arg:adcli serve ads help:0') REPLY='list set-status link unlink links environment exit-codes' ;;
    'flags:adcli mcp') REPLY='--read-only --toolsets -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli mcp') REPLY='--toolsets --profile --base-url --jq' ;;
    'subs:adcli backend') REPLY='clock reset snapshot faults requests apply export ads console help' ;;
    'flags:adcli backend') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend') REPLY='--profile --base-url --jq' ;;
    'subs:adcli backend clock') REPLY='show advance set freeze resume help' ;;
    'flags:adcli backend clock') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend clock') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend clock show') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend clock show') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend clock advance') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend clock advance') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend clock set') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend clock set') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend clock freeze') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend clock freeze') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend clock resume') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend clock resume') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend clock help') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend clock help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli backend clock help:0') REPLY='show advance set freeze resume environment exit-codes' ;;
    'flags:adcli backend reset') REPLY='--seed --yes -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend reset') REPLY='--seed --profile --base-url --jq' ;;
    'values:adcli backend reset:--seed') REPLY='demo' ;;
    'subs:adcli backend snapshot') REPLY='save load help' ;;
    'flags:adcli backend snapshot') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend snapshot') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend snapshot save') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend snapshot save') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend snapshot load') REPLY='--yes -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend snapshot load') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend snapshot help') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend snapshot help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli backend snapshot help:0') REPLY='save load environment exit-codes' ;;
    'subs:adcli backend faults') REPLY='add list remove clear help' ;;
    'flags:adcli backend faults') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend faults') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend faults add') REPLY='--path --method --status --drop --delay --count --probability -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend faults add') REPLY='--path --method --status --delay --count --probability --profile --base-url --jq' ;;
    'flags:adcli backend faults list') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend faults list') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend faults remove') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend faults remove') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend faults clear') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend faults clear') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend faults help') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend faults help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli backend faults help:0') REPLY='add list remove clear environment exit-codes' ;;
    'flags:adcli backend requests') REPLY='--limit --follow --violations -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend requests') REPLY='--limit --profile --base-url --jq' ;;
    'flags:adcli backend apply') REPLY='--prune --dry-run -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend apply') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend export') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend export') REPLY='--profile --base-url --jq' ;;
    'subs:adcli backend ads') REPLY='list set-status help' ;;
    'flags:adcli backend ads') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend ads') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend ads list') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend ads list') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend ads set-status') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend ads set-status') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend ads help') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend ads help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli backend ads help:0') REPLY='list set-status environment exit-codes' ;;
    'flags:adcli backend console') REPLY='--no-browser -h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend console') REPLY='--profile --base-url --jq' ;;
    'flags:adcli backend help') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli backend help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli backend help:0') REPLY='clock reset snapshot faults requests apply export ads console environment exit-codes' ;;
    'flags:adcli help') REPLY='-h --help --profile --base-url --json --jq --debug' ;;
    'vflags:adcli help') REPLY='--profile --base-url --jq' ;;
    'arg:adcli help:0') REPLY='campaigns workspace audiences data-stores brands targeting performance ads explore api auth profiles completion serve mcp backend environment exit-codes' ;;
  esac
}

_adcli_has() {
  local w
  for w in $2; do [[ "$w" == "$1" ]] && return 0; done
  return 1
}

_adcli_values() {
  _adcli_data "values:$1:$2"
  case "$REPLY" in
    @file) COMPREPLY=($(compgen -f -- "$3")); compopt -o filenames 2>/dev/null ;;
    @dir) COMPREPLY=($(compgen -d -- "$3")); compopt -o filenames 2>/dev/null ;;
    *) COMPREPLY=($(compgen -W "$REPLY" -- "$3")) ;;
  esac
}

_adcli() {
  local cmdpath='adcli' npos=0 i=1 w cur prev dashdash=0
  COMPREPLY=()
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  while ((i < COMP_CWORD)); do
    w=${COMP_WORDS[i]}
    i=$((i + 1))
    if ((dashdash)); then npos=$((npos + 1)); continue; fi
    case "$w" in
      --) dashdash=1 ;;
      -*=*) ;;
      -*)
        _adcli_data "vflags:$cmdpath"
        if _adcli_has "$w" "$REPLY"; then
          # the value follows, as one word, or as "=" and a word when COMP_WORDBREAKS splits at "="
          if [[ "${COMP_WORDS[i]}" == "=" ]]; then i=$((i + 2)); else i=$((i + 1)); fi
        fi
        ;;
      *)
        _adcli_data "subs:$cmdpath"
        if ((npos == 0)) && _adcli_has "$w" "$REPLY"; then
          cmdpath="$cmdpath $(_adcli_canonical "$cmdpath" "$w")"
        else
          npos=$((npos + 1))
        fi
        ;;
    esac
  done

  # a flag's value: "--flag VALUE", "--flag=VALUE" (one word), or "--flag" "=" "VALUE"
  if [[ "$cur" == "=" && "$prev" == -* ]]; then _adcli_values "$cmdpath" "$prev" ""; return 0; fi
  if [[ "$prev" == "=" && "${COMP_WORDS[COMP_CWORD-2]}" == -* ]]; then _adcli_values "$cmdpath" "${COMP_WORDS[COMP_CWORD-2]}" "$cur"; return 0; fi
  if [[ "$cur" == -*=* ]]; then
    _adcli_values "$cmdpath" "${cur%%=*}" "${cur#*=}"
    local k; for k in "${!COMPREPLY[@]}"; do COMPREPLY[k]="${cur%%=*}=${COMPREPLY[k]}"; done
    return 0
  fi
  if ((!dashdash)) && [[ "$prev" == -* ]]; then
    _adcli_data "vflags:$cmdpath"
    if _adcli_has "$prev" "$REPLY"; then _adcli_values "$cmdpath" "$prev" "$cur"; return 0; fi
  fi
  if ((!dashdash)) && [[ "$cur" == -* ]]; then
    _adcli_data "flags:$cmdpath"
    COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
    return 0
  fi
  local words=
  if ((npos == 0)); then _adcli_data "subs:$cmdpath"; words=$REPLY; fi
  _adcli_data "arg:$cmdpath:$npos"
  COMPREPLY=($(compgen -W "$words $REPLY" -- "$cur"))
  return 0
}

# an alias stands for its command
_adcli_canonical() {
  case "$1:$2" in

    *) echo "$2" ;;
  esac
}

complete -F _adcli adcli
