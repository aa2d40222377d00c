// SDL2 for the `interlinear view` window and its input. The application owns main(): no SDL_main.
#define SDL_MAIN_HANDLED
#include <SDL.h>
