//! `cardtable`: the home of everything past the handouts. With no arguments it deals a
//! game of Euchre at a table drawn in the terminal: you and a computer partner against
//! two computers. `play` deals any game, `replay` steps through a recorded one, `arena`
//! simulates, `serve` seats people over the network.

mod arena_cli;
mod check_cli;
mod error;

use crate::error::CliError;
use std::io::{self, BufReader, BufWriter, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use catalogue::{GameKind, PlayerSpec, Ruleset, Variant};
use clap::{Parser, Subcommand};
use terminal::session::{self, Setup, Sitting};

/// mimalloc for every allocation: a server holding thousands of tables builds and drops
/// a scene for every snapshot, and glibc's allocator spent a quarter of the server's time
/// coalescing its fragmented heap (docs/PERFORMANCE.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "cardtable",
    version,
    about = "Classic card games at the terminal",
    // `cardtable --seed 1 play` would silently drop the seed: options go after the
    // subcommand, and clap says so.
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game against computer players (Euchre by default).
    Play(PlayArgs),
    /// Step through a recorded game with every hand face up.
    Replay(ReplayArgs),
    /// Simulate many games between computer players and report statistics.
    Arena(arena_cli::ArenaArgs),
    /// Serve tables for every game over HTTP and WebSocket, with the browser client.
    Serve(ServeArgs),
    /// List a game's rules variants and house rules: each option, its values, its default.
    Rules(RulesArgs),
    /// Check a program against a handout's reference on generated cases, each failure
    /// shrunk to its smallest case: `cardtable check eecs280-euchre -- ./euchre.exe`.
    Check(check_cli::CheckArgs),
    /// Run a handout's program as the reference does: `cardtable reference eecs280-euchre
    /// ./euchre.exe pack.in noshuffle 1 A Simple B Simple C Simple D Simple`.
    Reference(check_cli::ReferenceArgs),
}

#[derive(clap::Args)]
struct RulesArgs {
    /// The game.
    #[arg(value_parser = GameArg)]
    game: GameKind,
}

#[derive(clap::Args, Clone, Debug)]
struct PlayArgs {
    /// The game.
    #[arg(default_value = "euchre", value_parser = GameArg)]
    game: GameKind,
    /// The rules: eecs280 or cs246 (Euchre), handout or reference (Teen Do Panch).
    #[arg(long)]
    rules: Option<String>,
    /// The computer players: a level (beginner, easy, medium, hard, expert), strong (the
    /// same as expert outside Euchre; strong:N samples N deals per decision), in Euchre
    /// learned (the expert; learned:N), handout (the game's handout player; also `simple`)
    /// or random.
    #[arg(long, default_value = "strong")]
    opponents: String,
    /// Seed of the deal; the same seed deals the same game (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Points to win (Euchre and Teen Do Panch).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100))]
    points: u32,
    /// House rules on top of the rules, comma-separated OPTION[=VALUE] (`cardtable rules
    /// GAME` lists them). At the drawn table `h` sets them for the next game.
    #[arg(long, value_name = "OPTION[=VALUE],...")]
    house: Option<String>,
    /// Milliseconds a computer's card stays at the drawn table before the next step; a
    /// call, a finished trick and a hand's end stay in proportion (the pace every face
    /// shares: 800 is a server table's normal speed).
    #[arg(long, default_value_t = 800, value_parser = clap::value_parser!(u64).range(0..=10_000))]
    speed: u64,
    /// Line mode even at a terminal: a line per event, one answer per line.
    #[arg(long)]
    plain: bool,
    /// Continue a saved game (a game record line, as `s` or `save` writes).
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// Where `s` (or `save`) writes the game.
    #[arg(long, value_name = "FILE", default_value = "cardtable-game.json")]
    save: PathBuf,
}

#[derive(clap::Args)]
struct ReplayArgs {
    /// A file of game records, one per line.
    file: PathBuf,
    /// Which game of the file, from 1.
    #[arg(long, default_value_t = 1)]
    game: usize,
    /// Print every step as text instead of drawing.
    #[arg(long)]
    plain: bool,
    /// Review this seat's play (from 1; a finished game only): each of its decisions
    /// marked with what it gave up against the strong player's pick, from what the seat
    /// knew then.
    #[arg(long, value_name = "SEAT", value_parser = clap::value_parser!(u16).range(1..))]
    review: Option<u16>,
}

use server::edge::Limits;

#[derive(clap::Args)]
struct ServeArgs {
    /// Address and port to listen on (port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: std::net::SocketAddr,
    /// The SQLite database of tables and games (created if absent); by default
    /// `cardtable.sqlite` in the platform's data folder (on Linux
    /// `$XDG_DATA_HOME/cardtable`, else `~/.local/share/cardtable`), said at start.
    #[arg(long)]
    data: Option<PathBuf>,
    /// A PostgreSQL database instead of the SQLite file, by its URL
    /// (`postgres://user@host:port/database`): several servers may share it. Its schema
    /// is brought up to date at start.
    #[arg(long, value_name = "URL", conflicts_with = "data")]
    store: Option<String>,
    /// This server's name among those sharing the store (default: the host name); one
    /// restarted under its name takes its tables back at once.
    #[arg(long, value_name = "NAME")]
    node: Option<String>,
    /// Where the other servers sharing the store reach this one (`host:port`), to relay
    /// their clients' messages about its tables (default: the address it listens on; for
    /// 0.0.0.0, its node name and port).
    #[arg(long, value_name = "HOST:PORT")]
    advertise: Option<String>,
    /// Seconds a table's lease runs unrenewed: how soon another server takes over the
    /// tables of one that died.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=3600))]
    lease_seconds: u64,
    /// Another origin whose pages may open a WebSocket here (repeatable), besides the
    /// server's own, e.g. `https://cards.example`.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origins: Vec<String>,
    /// This server's public origin (repeatable), e.g. `https://cards.example`: its host
    /// is answered, as are IP addresses and `localhost`; requests naming another host
    /// are refused (DNS rebinding), and its pages may open a WebSocket.
    #[arg(long = "public-origin", value_name = "ORIGIN")]
    public_origins: Vec<String>,
    /// A reverse proxy's address or network (repeatable), e.g. `127.0.0.1` or
    /// `10.0.0.0/8`: from it, the client is the last X-Forwarded-For entry that is not
    /// itself a trusted proxy. From any other peer the header is ignored.
    #[arg(long = "trust-proxy", value_name = "ADDR/CIDR", value_parser = network)]
    trust_proxy: Vec<ipnet::IpNet>,
    /// An address or network (repeatable) that may read `/metrics` (Prometheus text)
    /// besides loopback, e.g. the Prometheus server's.
    #[arg(long = "metrics-from", value_name = "ADDR/CIDR", value_parser = network)]
    metrics_from: Vec<ipnet::IpNet>,
    /// How log lines are written to standard error: `text` for a person, `json` (one
    /// object a line, with the table's id in its span) for a log collector.
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    /// The prefix length of an IPv6 network that every per-address limit counts as one
    /// address.
    #[arg(long, default_value_t = Limits::default().ipv6_prefix, value_parser = clap::value_parser!(u8).range(1..=128))]
    ipv6_prefix: u8,
    /// WebSocket connections open at once, over all addresses.
    #[arg(long, default_value_t = Limits::default().connections)]
    max_connections: usize,
    /// WebSocket connections open at once from one address.
    #[arg(long, default_value_t = Limits::default().connections_per_address)]
    connections_per_address: usize,
    /// Messages (and API requests) per second from one address.
    #[arg(long, default_value_t = Limits::default().messages_per_second)]
    messages_per_second: u32,
    /// Messages one address may send at once above that rate.
    #[arg(long, default_value_t = Limits::default().message_burst)]
    message_burst: u32,
    /// Tables one address may create per minute.
    #[arg(long, default_value_t = Limits::default().tables_per_minute)]
    tables_per_minute: u32,
    /// Replays (a finished game's steps, megabytes when long) one address may download
    /// per minute.
    #[arg(long, default_value_t = Limits::default().replays_per_minute)]
    replays_per_minute: u32,
    /// Questions to the coach per minute from one address (each may be a strong
    /// player's search).
    #[arg(long, default_value_t = Limits::default().coaches_per_minute)]
    coaches_per_minute: u32,
    /// Refused joins, rejoins and watches per minute from one address.
    #[arg(long, default_value_t = Limits::default().failed_joins_per_minute)]
    failed_joins_per_minute: u32,
    /// Seconds after connecting within which a client must say hello.
    #[arg(long, default_value_t = Limits::default().hello_seconds)]
    hello_seconds: u64,
    /// Seconds a connection may send nothing (pings are answered by clients) before it
    /// is closed: a client gone, or stalled in the middle of a frame.
    #[arg(long, default_value_t = Limits::default().idle_seconds)]
    idle_seconds: u64,
    /// Messages queued for one client; one that reads nothing while it fills is dropped.
    #[arg(long, default_value_t = Limits::default().queue)]
    queue: usize,
    /// Bytes queued for one client; past them, as past `--queue`, it is dropped.
    #[arg(long, default_value_t = Limits::default().queue_bytes)]
    queue_bytes: usize,
    /// TCP connections open at once from one address, counted from the accept, before
    /// any HTTP is read; past it a connection is closed unread.
    #[arg(long, default_value_t = Limits::default().tcp_per_address)]
    tcp_per_address: usize,
    /// Seconds a connection may take to send a request's headers, or sit idle between
    /// requests, before it is closed.
    #[arg(long, default_value_t = Limits::default().header_seconds)]
    header_seconds: u64,
    /// The most deals a strong player at a network table may sample a decision.
    #[arg(long, default_value_t = Limits::default().max_samples)]
    max_samples: u32,
    /// Tables with no seat for a person one address may have in play at once (0: none).
    #[arg(long, default_value_t = Limits::default().computer_tables_per_address)]
    computer_tables_per_address: usize,
    /// Seconds a finished hand's result waits for the people at its table to continue
    /// before the next deal (4 at most where only spectators watch; 0: deal at once).
    #[arg(long, default_value_t = Limits::default().hand_pause_seconds)]
    hand_pause_seconds: u64,
    /// Seconds a person who left a rated game has to come back before it counts as
    /// their loss (give every node of a store the same).
    #[arg(long, default_value_t = Limits::default().leave_grace_seconds)]
    leave_grace_seconds: u64,
    /// The speed of a table whose creator names none: how long each computer action
    /// waits while anyone is at the table (slow, normal, fast, or instant: no wait).
    #[arg(long, default_value = "normal", value_parser = speed)]
    table_speed: scene::Speed,
    /// Threads given to searching computer players at once, over all tables (default:
    /// half the CPUs).
    #[arg(long, default_value_t = Limits::default().computer_threads)]
    computer_threads: usize,
    /// Sign-ups (a passkey registration begun) one address may start per hour.
    #[arg(long, default_value_t = Limits::default().sign_ups_per_hour)]
    sign_ups_per_hour: u32,
    /// Sign-ups all addresses together may start per minute.
    #[arg(long, default_value_t = Limits::default().sign_ups_per_minute_total)]
    sign_ups_per_minute_total: u32,
    /// Sign-in attempts (a passkey sign-in begun, a recovery code tried) per minute from
    /// one address.
    #[arg(long, default_value_t = Limits::default().sign_ins_per_minute)]
    sign_ins_per_minute: u32,
    /// Sign-in attempts per minute over all addresses.
    #[arg(long, default_value_t = Limits::default().sign_ins_per_minute_total)]
    sign_ins_per_minute_total: u32,
    /// Passkey ceremonies (begun, unfinished, at most five minutes old) one address may
    /// have under way at once.
    #[arg(long, default_value_t = Limits::default().ceremonies_per_address)]
    ceremonies_per_address: usize,
    /// Passkey ceremonies under way at once over all addresses.
    #[arg(long, default_value_t = Limits::default().ceremonies)]
    max_ceremonies: usize,
    /// Sessions (signed-in browsers) one account may hold; a new one ends the oldest.
    #[arg(long, default_value_t = Limits::default().sessions_per_account)]
    sessions_per_account: usize,
}

impl ServeArgs {
    /// The edge these flags set.
    fn edge(&self) -> server::edge::Config {
        server::edge::Config {
            limits: Limits {
                connections: self.max_connections,
                connections_per_address: self.connections_per_address,
                messages_per_second: self.messages_per_second,
                message_burst: self.message_burst,
                tables_per_minute: self.tables_per_minute,
                replays_per_minute: self.replays_per_minute,
                coaches_per_minute: self.coaches_per_minute,
                failed_joins_per_minute: self.failed_joins_per_minute,
                hello_seconds: self.hello_seconds,
                idle_seconds: self.idle_seconds,
                queue: self.queue,
                queue_bytes: self.queue_bytes,
                tcp_per_address: self.tcp_per_address,
                header_seconds: self.header_seconds,
                ipv6_prefix: self.ipv6_prefix,
                max_samples: self.max_samples,
                computer_tables_per_address: self.computer_tables_per_address,
                computer_threads: self.computer_threads,
                hand_pause_seconds: self.hand_pause_seconds,
                leave_grace_seconds: self.leave_grace_seconds,
                table_speed: self.table_speed,
                sign_ups_per_hour: self.sign_ups_per_hour,
                sign_ups_per_minute_total: self.sign_ups_per_minute_total,
                sign_ins_per_minute: self.sign_ins_per_minute,
                sign_ins_per_minute_total: self.sign_ins_per_minute_total,
                ceremonies_per_address: self.ceremonies_per_address,
                ceremonies: self.max_ceremonies,
                sessions_per_account: self.sessions_per_account,
            },
            allow_origins: self.allow_origins.clone(),
            public_origins: self.public_origins.clone(),
            trust_proxy: self.trust_proxy.clone(),
            metrics_from: self.metrics_from.clone(),
        }
    }
}

/// A network (`10.0.0.0/8`) or one address (`127.0.0.1`, a network of one).
fn network(text: &str) -> Result<ipnet::IpNet, String> {
    text.parse::<ipnet::IpNet>()
        .or_else(|_| text.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| format!("{text} is not an address or a network (ADDR/BITS)"))
}

/// How `cardtable serve` writes its log.
#[derive(Clone, Copy, Debug, PartialEq, clap::ValueEnum)]
enum LogFormat {
    /// Lines for a person.
    Text,
    /// One JSON object a line.
    Json,
}

/// The threads that run the server's tasks: `TOKIO_WORKER_THREADS` if set, else at least
/// four, or one a core where there are more. The journal's writer and flusher threads
/// (and, on a small machine, the clients) share the cores with them; with one worker a
/// core, a worker the system paused held up every task queued on it. At 10,000 tables
/// on 2 cores four workers held the act → snapshot p99 at 96–110 ms in three runs,
/// against 72–334 ms with two (docs/PERFORMANCE.md).
fn serving_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::env::var("TOKIO_WORKER_THREADS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(cores.max(4))
}

/// `cardtable serve`: logs with `tracing` (RUST_LOG sets the level), prints the URL.
fn serve(args: &ServeArgs) -> ExitCode {
    let log = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(io::stderr);
    match args.log_format {
        LogFormat::Text => log.init(),
        LogFormat::Json => log.json().init(),
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(serving_threads())
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("cardtable serve: {e}");
            return ExitCode::from(1);
        }
    };
    let at = match (&args.store, &args.data) {
        (Some(url), _) => server::StoreAt::Postgres(url.clone()),
        (None, Some(data)) => server::StoreAt::Sqlite(data.clone()),
        (None, None) => match default_data() {
            Ok(data) => server::StoreAt::Sqlite(data),
            Err(problem) => {
                eprintln!("cardtable serve: {problem} (name a file with --data)");
                return ExitCode::from(2);
            }
        },
    };
    let mut node = server::node::Node {
        lease: std::time::Duration::from_secs(args.lease_seconds),
        ..server::node::Node::default()
    };
    if let Some(name) = &args.node {
        node.name = name.clone();
    }
    node.address = args.advertise.clone();
    let served = runtime.block_on(server::serve(
        args.listen,
        &at,
        args.edge(),
        node,
        |address| {
            use std::io::Write;
            let mut out = io::stdout();
            let _ = writeln!(out, "cardtable serves on http://{address}/");
            // A browser at a loopback address is sent to `localhost`, where passkeys work.
            if address.ip().is_loopback() || address.ip().is_unspecified() {
                let _ = writeln!(out, "Play at http://localhost:{}/", address.port());
            }
            let _ = writeln!(out, "Tables are kept in {at}");
            let _ = out.flush();
            tracing::info!(%address, store = %at, "listening");
        },
    ));
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) => {
            eprintln!("cardtable serve: {problem}");
            ExitCode::from(1)
        }
    }
}

/// Whether to draw: a terminal on both ends that can draw, unless `--plain`.
fn drawn(plain: bool) -> bool {
    !plain
        && io::stdout().is_terminal()
        && io::stdin().is_terminal()
        && std::env::var("TERM").is_ok_and(|t| t != "dumb")
}

/// A game's name; a command's name here means options came before their command.
fn game_arg(text: &str) -> Result<GameKind, CliError> {
    if ["play", "replay", "arena", "serve", "rules"].contains(&text) {
        return Err(CliError::OptionsFirst(text.to_string()));
    }
    Ok(text.parse()?)
}

/// The game argument: its possible values, in help and completions, are the catalogue's
/// games, so a game registered there is named here with no edit.
#[derive(Clone)]
pub(crate) struct GameArg;

impl clap::builder::TypedValueParser for GameArg {
    type Value = GameKind;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<GameKind, clap::Error> {
        game_arg.parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let names = GameKind::ALL.into_iter().map(GameKind::name);
        Some(Box::new(names.map(clap::builder::PossibleValue::new)))
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 & 0xffff_ffff)
        .unwrap_or(0)
}

fn play(args: &PlayArgs) -> Result<ExitCode, CliError> {
    let variant = Variant::named(args.game, args.rules.as_deref())?;
    let house = table::house::settings(args.house.as_deref().unwrap_or(""));
    let opponents = PlayerSpec::parse(args.game, &args.opponents)?;
    let mut setup = Setup {
        rules: Ruleset::new(variant, args.points, &house)?,
        seed: args.seed.unwrap_or_else(clock_seed),
        opponents,
    };
    let first: Box<dyn Sitting> = match &args.resume {
        Some(path) => {
            let text = read(path)?;
            let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            session::resume(line, opponents).map_err(|source| CliError::Open {
                path: path.clone(),
                source,
            })?
        }
        None => session::open(&setup),
    };
    if drawn(args.plain) {
        let pace = scene::Pace::per_card(Duration::from_millis(args.speed));
        let rules = setup.rules.clone();
        let opponents = setup.opponents;
        let choice = (rules, opponents);
        terminal::terminal::run(
            first,
            choice,
            args.save.clone(),
            pace,
            move |rules, opponents| {
                setup.seed = clock_seed();
                setup.rules = rules.clone();
                setup.opponents = opponents;
                session::open(&setup)
            },
        )
        .map_err(CliError::Terminal)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut table = first;
    let input = BufReader::new(io::stdin());
    let output = BufWriter::new(io::stdout());
    let result = terminal::line::play(table.as_mut(), input, output, &args.save);
    Ok(textio::Stop::exit(result, "cardtable"))
}

fn read(path: &std::path::Path) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|source| CliError::Read {
        path: path.to_path_buf(),
        source,
    })
}

fn replay(args: &ReplayArgs) -> Result<ExitCode, CliError> {
    let text = read(&args.file)?;
    let replay = terminal::replay::Replay::open_reviewed(
        &text,
        args.game,
        args.review.map(|s| usize::from(s) - 1),
    )
    .map_err(|source| CliError::Open {
        path: args.file.clone(),
        source,
    })?;
    if drawn(args.plain) {
        terminal::terminal::replay(replay).map_err(CliError::Terminal)?;
    } else {
        terminal::line::replay(replay, &mut io::stdout()).map_err(CliError::Output)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (name, result) = match cli.command {
        None => ("cardtable", play(&cli.play)),
        Some(Command::Play(args)) => ("cardtable play", play(&args)),
        Some(Command::Replay(args)) => ("cardtable replay", replay(&args)),
        Some(Command::Rules(args)) => {
            print!("{}", scene::offer::rules_text(args.game));
            return ExitCode::SUCCESS;
        }
        Some(Command::Serve(args)) => return serve(&args),
        Some(Command::Check(args)) => return check_cli::run(args),
        Some(Command::Reference(args)) => return check_cli::reference(args),
        Some(Command::Arena(args)) => {
            return match arena_cli::run(&args) {
                Ok(()) => ExitCode::SUCCESS,
                Err(problem) => {
                    eprintln!("cardtable arena: {problem}");
                    ExitCode::from(2)
                }
            };
        }
    };
    match result {
        Ok(code) => code,
        Err(problem) => {
            eprintln!("{name}: {problem}");
            ExitCode::from(2)
        }
    }
}

/// A table speed as written (`normal`), for `serve --table-speed`.
fn speed(name: &str) -> Result<scene::Speed, String> {
    scene::Speed::named(name).ok_or_else(|| {
        let names: Vec<&str> = scene::Speed::ALL.iter().map(|s| s.name()).collect();
        format!("not a speed: one of {}", names.join(", "))
    })
}

/// `serve`'s store when no `--data` or `--store` is given: `cardtable.sqlite` in the
/// platform's data folder (made if missing), not wherever the command happens to run.
fn default_data() -> Result<PathBuf, String> {
    let folder = dirs::data_dir()
        .ok_or("this system names no data folder")?
        .join("cardtable");
    std::fs::create_dir_all(&folder)
        .map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
    Ok(folder.join("cardtable.sqlite"))
}
