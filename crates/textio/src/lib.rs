//! One shared text console for a handout program's table and its human players: the
//! table prints, humans print prompts and read answers, and everything reaches the
//! output in order.

#![warn(missing_docs)]

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::rc::Rc;

pub mod eecs280;

use table::Leave;

/// Why a front end's game stopped before its end.
#[derive(Debug)]
pub enum Stop {
    /// A player left: quit, or the input ended.
    Left(Leave),
    /// Writing the output failed.
    Output(io::Error),
    /// A saved game's move is refused by the rules (what is wrong, where).
    BadSave(String),
}

impl From<io::Error> for Stop {
    fn from(error: io::Error) -> Stop {
        Stop::Output(error)
    }
}

impl From<Leave> for Stop {
    fn from(leave: Leave) -> Stop {
        Stop::Left(leave)
    }
}

impl Stop {
    /// How `program` ends after `result`: success when the game ended or a person quit;
    /// otherwise the reason on standard error and exit code 2 (the input ended) or 1.
    pub fn exit(result: Result<(), Stop>, program: &str) -> std::process::ExitCode {
        let (code, problem) = match result {
            Ok(()) | Err(Stop::Left(Leave::Quit | Leave::RageQuit)) => return 0.into(),
            Err(Stop::Left(Leave::InputClosed)) => {
                (2, "input ended before the game was over".to_string())
            }
            Err(Stop::Output(error)) => (1, format!("writing the output failed: {error}")),
            Err(Stop::Left(Leave::OutputClosed)) => (1, "writing the output failed".to_string()),
            Err(Stop::BadSave(problem)) => (1, problem),
        };
        eprintln!("{program}: {problem}");
        code.into()
    }
}

/// A program's input and output, read and written in turn by the table and its people.
pub struct Console {
    input: Box<dyn BufRead>,
    output: Box<dyn Write>,
    tokens: VecDeque<String>,
}

/// The console as the table and each human player hold it.
pub type Shared = Rc<RefCell<Console>>;

impl Console {
    /// A console over `input` and `output`, shared.
    pub fn shared(input: Box<dyn BufRead>, output: Box<dyn Write>) -> Shared {
        Rc::new(RefCell::new(Console {
            input,
            output,
            tokens: VecDeque::new(),
        }))
    }

    /// The program's standard input and output, both buffered: output reaches the terminal
    /// when a human is asked something (see [`Console::read_line`]) or the program ends.
    pub fn stdio() -> Shared {
        Console::shared(
            Box::new(io::BufReader::new(io::stdin())),
            Box::new(io::BufWriter::new(io::stdout())),
        )
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: std::fmt::Arguments<'_>) -> io::Result<()> {
        self.output.write_fmt(text)?;
        self.output.write_all(b"\n")
    }

    /// Writes text without a newline (a prompt such as `> `).
    pub fn write(&mut self, text: &str) -> io::Result<()> {
        self.output.write_all(text.as_bytes())
    }

    /// Sends pending output on.
    pub fn flush(&mut self) -> io::Result<()> {
        self.output.flush()
    }

    /// The next whole line typed, without its line ending (bytes that are not UTF-8
    /// read as U+FFFD). Pending output is flushed first so prompts show.
    pub fn read_line(&mut self) -> Result<String, Leave> {
        self.output.flush().map_err(|_| Leave::OutputClosed)?;
        let mut line = Vec::new();
        match self.input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => Err(Leave::InputClosed),
            Ok(_) => {
                let line = String::from_utf8_lossy(&line);
                Ok(line.trim_end_matches(['\n', '\r']).to_owned())
            }
        }
    }

    /// The next white-space separated word typed, as C++ `cin >> word` reads it.
    /// Pending output is flushed first so prompts show.
    pub fn word(&mut self) -> Result<String, Leave> {
        while self.tokens.is_empty() {
            let line = self.read_line()?;
            self.tokens
                .extend(line.split_whitespace().map(str::to_owned));
        }
        Ok(self.tokens.pop_front().expect("a word was read"))
    }

    /// The next word if the person typed one more on the line just read (`save FILE`),
    /// without waiting for another line.
    pub fn word_on_line(&mut self) -> Option<String> {
        self.tokens.pop_front()
    }
}

/// A rules refusal as a sentence for a person: capitalised, with a full stop.
///
/// ```
/// assert_eq!(textio::sentence("hearts was turned down"), "Hearts was turned down.");
/// ```
pub fn sentence(reason: impl std::fmt::Display) -> String {
    let text = reason.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

/// Writes one line to a shared console.
#[macro_export]
macro_rules! say {
    ($console:expr, $($arg:tt)*) => {
        $console.borrow_mut().line(format_args!($($arg)*))
    };
}
