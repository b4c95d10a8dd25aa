#!/usr/bin/env bash
# Builds the ffmpeg and ffprobe that media's image runs (issue 24): Debian bookworm's own ffmpeg source,
# configured with only what media does, so the image carries about a tenth of the static builds npm ships
# (144 MB for the two) while running the same code Debian ships its security fixes in.
#
#   deploy/images/media-ffmpeg.sh <source dir> <prefix>
#
# What media does with them (services/media/src/transcoding): probes uploads (video and audio files in
# the usual containers and codecs), decodes them, scales and splits the picture, encodes H.264 (libx264,
# the one external library) and AAC, writes HLS (MPEG-TS segments), JPEG posters and trickplay sheets,
# raw PCM for the audio fingerprint, and makes the demo's test sources from lavfi's patterns and tones
# (which reach ffmpeg as raw video and PCM of every sample format).
# Every filter is kept: ffmpeg inserts some of its own (autorotate, format and rate conversion), and a
# filter is small beside a codec.
#
# The result lands in <prefix>/bin (ffmpeg, ffprobe) and <prefix>/lib/ffmpeg (FFmpeg's shared libraries,
# which both programs share, with libx264 and zlib copied from the system), found through RUNPATH:
# nothing else is needed from the system but glibc. Needs a C compiler, make, nasm, pkg-config,
# libx264-dev, zlib1g-dev and patchelf.
set -euo pipefail

source_dir="$(cd "${1:?the ffmpeg source directory}" && pwd)"
prefix="${2:?where to install, e.g. /opt/ffmpeg}"
libdir="$prefix/lib/ffmpeg"

list() { local kind="$1"; shift; local IFS=,; echo "--enable-$kind=$*"; }

demuxers=(mov matroska avi flv mpegts mpegps m4v h264 hevc mpegvideo ivf yuv4mpegpipe mxf gxf dv
  image2 image_jpeg_pipe image_png_pipe hls concat
  aac ac3 eac3 mp3 wav flac ogg w64 aiff caf amr pcm_s16le)
decoders=(h264 hevc mpeg4 mpeg2video mpeg1video mjpeg png prores dnxhd vp8 vp9 theora dvvideo rawvideo
  msmpeg4v3 wmv3 vc1
  aac aac_latm ac3 eac3 mp2 mp3 opus vorbis flac alac wmav2 amrnb
  pcm_s16le pcm_s16be pcm_s24le pcm_s24be pcm_s32le pcm_s32be pcm_s64le pcm_s8 pcm_u8 pcm_u16le
  pcm_s16le_planar pcm_s24le_planar pcm_s32le_planar pcm_f32le pcm_f32be pcm_f64le pcm_f64be
  pcm_dvd pcm_bluray pcm_alaw pcm_mulaw wrapped_avframe
  webvtt subrip)
encoders=(libx264 aac mjpeg png pcm_s16le rawvideo wrapped_avframe)
muxers=(hls mpegts mp4 mov ipod image2 wav pcm_s16le adts null webvtt)
parsers=(h264 hevc mpeg4video mpegvideo mjpeg png vp8 vp9 dnxhd dvbsub
  aac aac_latm ac3 mpegaudio opus vorbis flac)
bsfs=(h264_mp4toannexb hevc_mp4toannexb aac_adtstoasc extract_extradata vp9_superframe null)
# http and tcp: media reads only files, but the tests open what it serves through its origin with ffmpeg.
protocols=(file pipe crypto data concat hls http tcp)

mkdir -p "$libdir"
cd "$source_dir"
./configure \
  --prefix="$prefix" --libdir="$libdir" --shlibdir="$libdir" \
  --enable-gpl --enable-libx264 --enable-zlib \
  --enable-shared --disable-static \
  --disable-autodetect --disable-debug --disable-doc --disable-ffplay \
  --disable-everything \
  --enable-filters --enable-indev=lavfi \
  "$(list demuxer "${demuxers[@]}")" "$(list decoder "${decoders[@]}")" \
  "$(list encoder "${encoders[@]}")" "$(list muxer "${muxers[@]}")" \
  "$(list parser "${parsers[@]}")" "$(list bsf "${bsfs[@]}")" "$(list protocol "${protocols[@]}")" \
  >/dev/null
make -j"$(nproc)" >/dev/null
make install >/dev/null
rm -rf "$prefix/include" "$prefix/share" "$libdir/pkgconfig"

# Each finds FFmpeg's libraries relative to itself, wherever the tree is put (a RUNPATH given to
# configure passes through the shell and make, which would each take the $ of $ORIGIN).
patchelf --set-rpath '$ORIGIN/../lib/ffmpeg' "$prefix/bin/ffmpeg" "$prefix/bin/ffprobe"
for lib in "$libdir"/*.so.*; do [ -L "$lib" ] || patchelf --set-rpath '$ORIGIN' "$lib"; done

# The system libraries they load that are not glibc's (libx264, zlib) go beside FFmpeg's: the runtime
# image has glibc and nothing more.
glibc='/lib(c|m|pthread|dl|rt)\.so|/ld-linux'
loaded() { ldd "$prefix/bin/ffmpeg" "$prefix/bin/ffprobe"; }
# Each as "<name the loader asks for> <file>", for those not already in $libdir.
outside() {
  loaded | awk '/=> \// { print $1, $3 }' | while read -r name file; do
    file="$(realpath "$file")"
    case "$file" in "$libdir"/*) ;; *) echo "$name $file" ;; esac
  done | grep -Ev "$glibc" | sort -u || true
}
outside | while read -r name file; do cp "$file" "$libdir/$name"; done
if [ -n "$(outside)" ] || loaded | grep -q 'not found'; then
  echo "media-ffmpeg: not all their libraries are in $libdir:" >&2
  loaded >&2
  exit 1
fi
strip --strip-unneeded "$prefix/bin/ffmpeg" "$prefix/bin/ffprobe" "$libdir"/*.so.*
"$prefix/bin/ffmpeg" -hide_banner -version | head -1
du -sh "$prefix" | awk '{ print "media-ffmpeg: " $1 " in " p }' p="$prefix"
