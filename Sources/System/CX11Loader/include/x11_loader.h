// Xlib loaded when the window first sets its title (see x11_loader.c). The Xlib functions `interlinear view` calls
// are defined there with Xlib's own prototypes, so the View module calls them as usual through CSDL2.
#pragma once

/// Why libX11 (or an Xlib function) could not be loaded, in one line naming the Debian package; NULL when it is
/// loaded. Loads it the first time.
const char *x11_loader_failure(void);

/// XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing, XNClientWindow, window, XNFocusWindow,
/// window): an input context (an XIC) on `window` whose method (an XIM) draws nothing itself. NULL when Xlib or
/// the method fails. Xlib's types stay out of this header: the View module sees them through CSDL2's.
void *x11_loader_create_ic(void *im, unsigned long window);

/// Makes a protocol error from the X server (an answer to one request, such as an event sent to a window already
/// gone) one line on stderr instead of the end of the process, which is what Xlib's default handler and SDL's safety
/// net make it. Call before SDL's start: SDL keeps the handler it finds, calls it after its own, and puts it back.
void x11_loader_tolerate_errors(void);
