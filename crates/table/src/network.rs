//! A small trained network, read from the JSON file the training pipeline writes
//! (`python -m cardtable.train`) and evaluated with plain matrix products: a learned
//! player needs no Python and no numerical library to decide.
//!
//! The file names its format and version, the inputs in order (so a player built for
//! other features refuses it), and its layers, each `outputs × inputs` weights, a bias
//! and an activation. Evaluation is deterministic: the same inputs give the same outputs
//! on every machine that rounds IEEE doubles the same way.

use serde::{Deserialize, Serialize};

/// The one format this reader knows.
pub const FORMAT: &str = "cardtable-network";
/// The version of [`FORMAT`] this reader knows.
pub const VERSION: u32 = 1;

/// Why a network file was refused.
#[derive(Debug, Clone, PartialEq)]
pub enum NetworkError {
    /// Not JSON, or not the shape of a network file.
    Malformed(String),
    /// Another format, or a version this reader does not know.
    Format {
        /// The format the file names.
        format: String,
        /// Its version.
        version: u32,
    },
    /// The file's inputs are not the ones the player computes.
    Inputs {
        /// What the player computes.
        expected: Vec<String>,
        /// What the file was trained on.
        found: Vec<String>,
    },
    /// A layer's weights do not fit the layer before, or a number is not finite.
    Shape(String),
}

impl std::fmt::Display for NetworkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetworkError::Malformed(why) => write!(f, "not a network file: {why}"),
            NetworkError::Format { format, version } => write!(
                f,
                "a {format} file, version {version}; this build reads {FORMAT} version {VERSION}"
            ),
            NetworkError::Inputs { expected, found } => write!(
                f,
                "the network was trained on the inputs {found:?}, this player computes {expected:?}"
            ),
            NetworkError::Shape(why) => write!(f, "the network's layers do not fit: {why}"),
        }
    }
}

impl std::error::Error for NetworkError {}

/// What a layer does to its weighted sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Activation {
    /// Nothing: the sums themselves.
    Linear,
    /// The hyperbolic tangent of each.
    Tanh,
}

/// One fully connected layer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Layer {
    /// One row of input weights per output.
    pub weights: Vec<Vec<f64>>,
    /// One bias per output.
    pub bias: Vec<f64>,
    /// Applied to each output.
    pub activation: Activation,
}

/// A network file: what it is, what it was trained on, and its layers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Network {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// The inputs' names, in order.
    pub inputs: Vec<String>,
    /// Each input's mean and spread in the training data: an input is used as
    /// `(x − mean) / scale`.
    pub mean: Vec<f64>,
    /// See [`Network::mean`].
    pub scale: Vec<f64>,
    /// The layers, first to last.
    pub layers: Vec<Layer>,
    /// What trained it (seed, samples, figures): kept for people, not read.
    #[serde(default)]
    pub training: serde_json::Value,
}

impl Network {
    /// Reads a network file whose inputs must be `inputs`, checking every shape so that
    /// [`Network::evaluate`] cannot fail.
    pub fn from_json(text: &str, inputs: &[&str]) -> Result<Network, NetworkError> {
        let network: Network =
            serde_json::from_str(text).map_err(|e| NetworkError::Malformed(e.to_string()))?;
        if network.format != FORMAT || network.version != VERSION {
            return Err(NetworkError::Format {
                format: network.format,
                version: network.version,
            });
        }
        if network
            .inputs
            .iter()
            .map(String::as_str)
            .ne(inputs.iter().copied())
        {
            return Err(NetworkError::Inputs {
                expected: inputs.iter().map(|s| s.to_string()).collect(),
                found: network.inputs,
            });
        }
        network.check_shapes()?;
        Ok(network)
    }

    fn check_shapes(&self) -> Result<(), NetworkError> {
        let n = self.inputs.len();
        if self.mean.len() != n || self.scale.len() != n {
            return Err(NetworkError::Shape(format!(
                "{n} inputs but {} means and {} scales",
                self.mean.len(),
                self.scale.len()
            )));
        }
        if self.scale.iter().any(|&s| s <= 0.0) {
            return Err(NetworkError::Shape("a scale is not positive".into()));
        }
        let mut width = n;
        for (i, layer) in self.layers.iter().enumerate() {
            if layer.weights.len() != layer.bias.len()
                || layer.weights.iter().any(|row| row.len() != width)
            {
                return Err(NetworkError::Shape(format!(
                    "layer {i} does not take {width} inputs with one bias an output"
                )));
            }
            width = layer.bias.len();
        }
        if width != 1 {
            return Err(NetworkError::Shape(format!(
                "the last layer gives {width} outputs, not one"
            )));
        }
        let numbers = (self.mean.iter().chain(&self.scale)).chain(
            self.layers
                .iter()
                .flat_map(|l| l.weights.iter().flatten().chain(&l.bias)),
        );
        if numbers.clone().any(|x| !x.is_finite()) {
            return Err(NetworkError::Shape("a number is not finite".into()));
        }
        Ok(())
    }

    /// The network's one output for `inputs` (as many as it was trained on).
    ///
    /// # Panics
    /// If `inputs` is not as long as the network's inputs: the player computes them, so a
    /// different count is a bug, not bad data.
    pub fn evaluate(&self, inputs: &[f64]) -> f64 {
        assert_eq!(inputs.len(), self.inputs.len(), "one value per input");
        let mut values: Vec<f64> = (inputs.iter().zip(&self.mean).zip(&self.scale))
            .map(|((x, m), s)| (x - m) / s)
            .collect();
        for layer in &self.layers {
            values = (layer.weights.iter().zip(&layer.bias))
                .map(|(row, b)| {
                    let sum = b + row.iter().zip(&values).map(|(w, x)| w * x).sum::<f64>();
                    match layer.activation {
                        Activation::Linear => sum,
                        Activation::Tanh => sum.tanh(),
                    }
                })
                .collect();
        }
        values[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A network worked by hand: inputs (2, 4) scaled by mean (1, 2) and scale (1, 2)
    /// are (1, 1); the hidden layer's sums are 0.5·1 − 0.25·1 + 0 = 0.25 and 1 + 1 − 2 =
    /// 0, their tanh 0.244918… and 0; the output 2·0.244918… + 3·0 + 1.
    const HAND_WORKED: &str = r#"{
        "format": "cardtable-network", "version": 1, "inputs": ["a", "b"],
        "mean": [1, 2], "scale": [1, 2],
        "layers": [
            {"weights": [[0.5, -0.25], [1, 1]], "bias": [0, -2], "activation": "tanh"},
            {"weights": [[2, 3]], "bias": [1], "activation": "linear"}
        ]
    }"#;

    #[test]
    fn a_hand_worked_network_gives_its_value() {
        let network = Network::from_json(HAND_WORKED, &["a", "b"]).unwrap();
        let expected = 2.0 * 0.25f64.tanh() + 1.0;
        assert!((network.evaluate(&[2.0, 4.0]) - expected).abs() < 1e-15);
    }

    #[test]
    fn a_file_for_other_inputs_or_another_format_is_refused() {
        assert!(matches!(
            Network::from_json(HAND_WORKED, &["a", "c"]),
            Err(NetworkError::Inputs { .. })
        ));
        let other = HAND_WORKED.replace("\"version\": 1", "\"version\": 2");
        assert!(matches!(
            Network::from_json(&other, &["a", "b"]),
            Err(NetworkError::Format { .. })
        ));
        let short = HAND_WORKED.replace("[[2, 3]]", "[[2]]");
        assert!(matches!(
            Network::from_json(&short, &["a", "b"]),
            Err(NetworkError::Shape(_))
        ));
        assert!(matches!(
            Network::from_json("{", &["a"]),
            Err(NetworkError::Malformed(_))
        ));
    }
}
