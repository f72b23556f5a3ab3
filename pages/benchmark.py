import streamlit as st
st.title("benchmark")
