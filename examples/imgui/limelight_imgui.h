// SPDX-License-Identifier: Apache-2.0
// Limelight over Dear ImGui: widgets publish their rectangles by ImGui id ("Tools/Export": the
// window's name, then the widget's label, as ImGui's id stack names it), SDL's input goes to
// Limelight first, and ImGui sees none of what Limelight took.
#pragma once
#include <SDL.h>
#include <float.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <limelight.h>
#include <string>

// Publishes the item just submitted as a target named "<window>/<label>", read by its label.
inline void LimelightItem(limelight_session *session, const char *label, const char *role = "button") {
    std::string id = std::string(ImGui::GetCurrentWindow()->Name) + "/" + label;
    std::string name(label, ImGui::FindRenderedTextEnd(label));
    ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    limelight_session_set_target(session, id.c_str(), min.x, min.y, max.x - min.x, max.y - min.y, role, name.c_str());
}

static bool limelight_has_pointer = false;                // Limelight holds the pointer (the dim, the bubble)
static ImVec2 limelight_pointer(-FLT_MAX, -FLT_MAX);      // where SDL's last pointer event was

// Gives `event` to Limelight first; true when Limelight used it (do not pass it to ImGui).
inline bool LimelightProcessEvent(limelight_session *session, const SDL_Event &event) {
    int kind = event.type == SDL_MOUSEBUTTONDOWN ? LIMELIGHT_POINTER_DOWN : event.type == SDL_MOUSEBUTTONUP ? LIMELIGHT_POINTER_UP
             : event.type == SDL_MOUSEMOTION ? LIMELIGHT_POINTER_MOVE : -1;
    if (kind >= 0) {
        int x = kind == LIMELIGHT_POINTER_MOVE ? event.motion.x : event.button.x, y = kind == LIMELIGHT_POINTER_MOVE ? event.motion.y : event.button.y;
        limelight_pointer = ImVec2((float)x, (float)y);
        return limelight_has_pointer = limelight_session_pointer(session, kind, x, y) == 1;
    }
    if (event.type != SDL_KEYDOWN) return false;
    switch (event.key.keysym.sym) {
    case SDLK_RETURN: return limelight_session_key(session, "enter") == 1;
    case SDLK_ESCAPE: return limelight_session_key(session, "escape") == 1;
    case SDLK_TAB: return limelight_session_key(session, (event.key.keysym.mod & KMOD_SHIFT) ? "shift+tab" : "tab") == 1;
    case SDLK_LEFT: return limelight_session_key(session, "left") == 1;
    case SDLK_RIGHT: return limelight_session_key(session, "right") == 1;
    default: return false;
    }
}

// After ImGui_ImplSDL2_NewFrame(): the 1.86 backend reads SDL's own mouse state, which Limelight
// cannot hold back, so while Limelight has the pointer ImGui is told there is none; otherwise it
// gets the last event's position when the backend found none (a window without mouse focus).
inline void LimelightPointerToImGui() {
    ImGuiIO &io = ImGui::GetIO();
    if (!limelight_has_pointer) {
        if (!ImGui::IsMousePosValid()) io.MousePos = limelight_pointer;
        return;
    }
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    for (bool &down : io.MouseDown) down = false;
}
