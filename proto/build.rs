//! Compiles `fray/v1/*.proto` with protox (no system protoc) and writes the encoded
//! descriptor set to OUT_DIR for server reflection and the proto3 JSON mapping.

use std::{env, fs, path::PathBuf};

use prost::Message as _;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let files = ["fray/v1/state.proto", "fray/v1/events.proto", "fray/v1/rules.proto", "fray/v1/agent.proto"];
    for file in files {
        println!("cargo:rerun-if-changed={file}");
    }
    let fds = protox::compile(files, ["."])?;
    let out = PathBuf::from(env::var("OUT_DIR")?);
    fs::write(out.join("fray_descriptor.bin"), fds.encode_to_vec())?;
    // The generated services use the crate's codec (src/codec.rs): tonic-prost's wire
    // format, with a faster decoder and encoder.
    tonic_prost_build::configure()
        .build_client(true)
        .build_server(true)
        .codec_path("crate::codec::FrayCodec")
        .compile_fds(fds)?;
    Ok(())
}
