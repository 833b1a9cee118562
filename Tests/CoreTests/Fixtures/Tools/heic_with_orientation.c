/* Writes a JPEG's pixels as a HEIC whose irot/imir properties carry an EXIF-style orientation,
 * through libheif's encoder API (heif-enc 1.15 has no option for it).
 *   cc heic_with_orientation.c -o heic_with_orientation $(pkg-config --cflags --libs libheif libturbojpeg)
 *   ./heic_with_orientation photo_tiny.jpg 6 60 photo_tiny_orient6.heic
 */
#include <libheif/heif.h>
#include <turbojpeg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check(struct heif_error error) {
    if (error.code != heif_error_Ok) { fprintf(stderr, "libheif: %s\n", error.message); exit(1); }
}

int main(int argc, char** argv) {
    if (argc != 5) { fprintf(stderr, "usage: %s input.jpg orientation(1-8) quality output.heic\n", argv[0]); return 2; }
    FILE* file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 1; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char* jpeg = malloc(size);
    if (fread(jpeg, 1, size, file) != (size_t)size) { perror(argv[1]); return 1; }
    fclose(file);

    tjhandle decompressor = tjInitDecompress();
    int width, height, subsampling, colorspace;
    if (tjDecompressHeader3(decompressor, jpeg, size, &width, &height, &subsampling, &colorspace)) {
        fprintf(stderr, "%s\n", tjGetErrorStr2(decompressor)); return 1;
    }
    unsigned char* rgb = malloc((size_t)width * height * 3);
    if (tjDecompress2(decompressor, jpeg, size, rgb, width, 0, height, TJPF_RGB, 0)) {
        fprintf(stderr, "%s\n", tjGetErrorStr2(decompressor)); return 1;
    }

    struct heif_image* image;
    check(heif_image_create(width, height, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image));
    check(heif_image_add_plane(image, heif_channel_interleaved, width, height, 8));
    int stride;
    uint8_t* plane = heif_image_get_plane(image, heif_channel_interleaved, &stride);
    for (int y = 0; y < height; y++) memcpy(plane + y * stride, rgb + (size_t)y * width * 3, (size_t)width * 3);

    struct heif_context* context = heif_context_alloc();
    struct heif_encoder* encoder;
    check(heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder));
    check(heif_encoder_set_lossy_quality(encoder, atoi(argv[3])));
    struct heif_encoding_options* options = heif_encoding_options_alloc();
    options->image_orientation = (enum heif_orientation)atoi(argv[2]);
    check(heif_context_encode_image(context, image, encoder, options, NULL));
    check(heif_context_write_to_file(context, argv[4]));
    return 0;
}
