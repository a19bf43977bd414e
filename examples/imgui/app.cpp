// SPDX-License-Identifier: Apache-2.0
// A Dear ImGui tool (Debian's libimgui-dev with its SDL2 backend) that draws into a frame of its own
// with SDL's software renderer, bytes R, G, B, A, and shows a Limelight tour over it.
//
//   c++ app.cpp $(pkg-config --cflags --libs limelight imgui sdl2) -o tool && ./tool tour.json
#include <SDL.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>
#include <limelight.h>
#include <stdio.h>
#include "limelight_imgui.h"
#include "../common/script.h"

// Debian's libimgui has no SDL_Renderer backend: ImGui's triangles through SDL_RenderGeometryRaw.
static void RenderDrawData(SDL_Renderer *renderer, ImDrawData *data) {
    for (int n = 0; n < data->CmdListsCount; n++) {
        const ImDrawList *list = data->CmdLists[n];
        const ImDrawVert *v = list->VtxBuffer.Data;
        for (const ImDrawCmd &cmd : list->CmdBuffer) {
            SDL_Rect clip = {(int)cmd.ClipRect.x, (int)cmd.ClipRect.y, (int)(cmd.ClipRect.z - cmd.ClipRect.x), (int)(cmd.ClipRect.w - cmd.ClipRect.y)};
            SDL_RenderSetClipRect(renderer, &clip);
            SDL_RenderGeometryRaw(renderer, (SDL_Texture *)cmd.TextureId, &v->pos.x, sizeof(ImDrawVert), (const SDL_Color *)&v->col,
                                  sizeof(ImDrawVert), &v->uv.x, sizeof(ImDrawVert), list->VtxBuffer.Size,
                                  list->IdxBuffer.Data + cmd.IdxOffset, cmd.ElemCount, sizeof(ImDrawIdx));
        }
    }
    SDL_RenderSetClipRect(renderer, NULL);
}

static void PrintEvent(const char *json_line, void *) { printf("event %s\n", json_line); }

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s TOUR.json [SCRIPT]\n", argv[0]); return 2; }
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "SDL: %s\n", SDL_GetError()); return 1; }
    SDL_Window *window = SDL_CreateWindow("Tools", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, 640, 480, 0);
    SDL_Surface *frame = SDL_CreateRGBSurfaceWithFormat(0, 640, 480, 32, SDL_PIXELFORMAT_ABGR8888);
    SDL_Renderer *renderer = window && frame ? SDL_CreateSoftwareRenderer(frame) : NULL;
    if (!renderer) { fprintf(stderr, "SDL: %s\n", SDL_GetError()); return 1; }
    ImGui::CreateContext();
    ImGuiIO &io = ImGui::GetIO();
    io.IniFilename = NULL;
    ImGui_ImplSDL2_InitForSDLRenderer(window);
    unsigned char *font_pixels;
    int font_width, font_height;
    io.Fonts->GetTexDataAsRGBA32(&font_pixels, &font_width, &font_height);
    SDL_Texture *font = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888, SDL_TEXTUREACCESS_STATIC, font_width, font_height);
    SDL_UpdateTexture(font, NULL, font_pixels, font_width * 4);
    SDL_SetTextureBlendMode(font, SDL_BLENDMODE_BLEND);
    io.Fonts->SetTexID((ImTextureID)font);

    limelight_session *tour = limelight_session_new(argv[1], 640, 480, 1.0, "en");
    if (!tour) { fprintf(stderr, "%s\n", limelight_last_error()); return 1; }
    limelight_session_on_event(tour, PrintEvent, NULL);
    example_script script;
    if (argc > 2 && !script_open(&script, argv[2])) return 2;
    int brush = 0, size = 8;
    bool grid = false;
    for (bool running = true; running && !(argc > 2 && script.done);) {
        ImGui_ImplSDL2_NewFrame();
        LimelightPointerToImGui();
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(16, 16));
        ImGui::SetNextWindowSize(ImVec2(220, 200));
        ImGui::Begin("Tools", NULL, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
        if (ImGui::RadioButton("Brush", brush == 0)) { brush = 0; printf("app: brush\n"); }
        LimelightItem(tour, "Brush", "toggle");
        if (ImGui::RadioButton("Eraser", brush == 1)) { brush = 1; printf("app: eraser\n"); }
        LimelightItem(tour, "Eraser", "toggle");
        ImGui::SliderInt("Size", &size, 1, 64);
        LimelightItem(tour, "Size", "slider");
        ImGui::Checkbox("Grid", &grid);
        LimelightItem(tour, "Grid", "checkbox");
        if (ImGui::Button("Export")) { printf("app: exported\n"); limelight_session_send_event(tour, "exported"); }
        LimelightItem(tour, "Export");
        ImGui::End();
        ImGui::Render();
        limelight_session_set_state(tour, "brush", brush == 0 ? "\"brush\"" : "\"eraser\"");
        // The targets of this frame are published: the tour's frame runs over them.
        long long wait = limelight_session_advance(tour, argc > 2 ? script.now : (long long)SDL_GetTicks64());
        SDL_SetRenderDrawColor(renderer, 45, 48, 56, 255);
        SDL_RenderClear(renderer);
        RenderDrawData(renderer, ImGui::GetDrawData());
        SDL_RenderFlush(renderer);
        limelight_session_compose(tour, (unsigned char *)frame->pixels, 640, 480, frame->pitch, LIMELIGHT_RGBA8888_PREMULTIPLIED);
        SDL_BlitSurface(frame, NULL, SDL_GetWindowSurface(window), NULL);
        SDL_UpdateWindowSurface(window);
        if (argc > 2) script_after_frame(&script, window, frame, tour);
        else SDL_WaitEventTimeout(NULL, wait < 0 ? 1000 : (int)wait);
        for (SDL_Event e; SDL_PollEvent(&e);) {
            if (e.type == SDL_QUIT) running = false;
            if (LimelightProcessEvent(tour, e)) {
                if (e.type == SDL_MOUSEBUTTONUP) printf("limelight: tap at %d,%d\n", e.button.x, e.button.y);
                continue;
            }
            ImGui_ImplSDL2_ProcessEvent(&e);
        }
    }
    limelight_session_free(tour);
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    SDL_DestroyTexture(font);
    SDL_DestroyRenderer(renderer);
    SDL_FreeSurface(frame);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
