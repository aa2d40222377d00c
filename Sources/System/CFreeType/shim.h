// The FreeType types and functions the engine calls, as FreeType declares them. Declared here rather than by
// including FreeType's headers, which include each other as <freetype/…> and so need -I/usr/include/freetype2 in
// every module that imports this one: only pkg-config gives SwiftPM that path, and with it `-lfreetype`, which would
// load libfreetype at every start. CFreeTypeLoader includes this file after FreeType's own headers, so a
// declaration here that disagrees with FreeType's does not compile.
#pragma once

typedef int FT_Error;
typedef signed long FT_Long;
typedef unsigned long FT_ULong;
typedef unsigned int FT_UInt;
typedef struct FT_LibraryRec_ *FT_Library;
typedef struct FT_FaceRec_ *FT_Face;

FT_Error FT_Init_FreeType(FT_Library *alibrary);
FT_Error FT_Done_FreeType(FT_Library library);
FT_Error FT_New_Face(FT_Library library, const char *filepathname, FT_Long face_index, FT_Face *aface);
FT_Error FT_Done_Face(FT_Face face);
FT_UInt FT_Get_Char_Index(FT_Face face, FT_ULong charcode);

/// A face's vertical metrics in font units, as FreeType's FT_FaceRec holds them (units_per_EM, ascender, descender,
/// height); defined in CFreeTypeLoader, which reads the record with FreeType's own declaration of it.
void interlinear_freetype_face_metrics(FT_Face face, unsigned short *units_per_em, short *ascender, short *descender,
                                       short *height);
