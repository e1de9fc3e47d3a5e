/*
** embed: a file written into report.html as a data: URI (RFC 2397,
** base64), so that the page shows its graphs when it travels alone, in
** an email or a chat, without the plots/ folder beside it.
*/
#ifndef SQLSOAK_EMBED_H
#define SQLSOAK_EMBED_H

#include <stdio.h>

/* Writes "data:MIME;base64,..." of the file at path to f: 0, or -1 when
** the file cannot be read (nothing written then: the caller shows the
** graph as missing).  Memory: the file's size, once, freed before return. */
int embed_data_uri(FILE *f, const char *path, const char *mime);

#endif
